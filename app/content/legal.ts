import { site } from "~/config/site";

/**
 * The Terms of Service and the Privacy Policy as structured text. The hub's editors (and counsel)
 * own these texts in the content service (`legalText` entries); the texts here are what the pages
 * show when the content service has none, and what the demo's content service is seeded with.
 */

export type LegalBlock = { paragraph: string } | { list: string[]; ordered?: boolean } | { subheading: string };

export interface LegalSection {
  /** Empty for text before the first heading. */
  heading: string;
  blocks: LegalBlock[];
}

export interface LegalDocument {
  /** Shown under the heading, e.g. "Effective December 2, 2024". */
  dateLine: string;
  introduction: string;
  sections: LegalSection[];
}

const { contact } = site;
const postalAddress = `${contact.street}, ${contact.city}, ${contact.state} ${contact.zip}`;
const contactBlocks: LegalBlock[] = [
  {
    paragraph: `Questions about this document? Write to ${contact.email}, call ${contact.phone}, or visit us at ${postalAddress}.`,
  },
];

export const termsOfService: LegalDocument = {
  dateLine: "Effective December 2, 2024",
  introduction: `These Terms of Service govern your use of the ${site.legalName} ("${site.name}", "we", "us") website, memberships, meeting rooms, the Think Lounge event space and related services. By using our website or services you agree to these terms.`,
  sections: [
    {
      heading: "1. Use of services",
      blocks: [
        {
          paragraph:
            "You must be at least 18 years old to hold a membership, book a space or submit a request through this website.",
        },
        { paragraph: "When using our website, building or services you agree not to:" },
        {
          list: [
            "break any law or regulation, or help anyone else to do so;",
            "harass, threaten or endanger members, guests or staff;",
            "damage the building, furniture or equipment, or remove property that is not yours;",
            "interfere with our network or website, attempt to gain unauthorised access, or send spam or malware;",
            "use the space for activities that are hazardous, create a nuisance, or conflict with our house rules.",
          ],
        },
        {
          paragraph:
            "SMS consent: if you give us your mobile number, you agree that we may send you text messages about your enquiry, tours, bookings and membership. Message frequency varies. Message and data rates may apply. Reply STOP at any time to stop receiving messages, or HELP for help. Consent to receive texts is not a condition of any purchase, and we do not share mobile numbers with third parties for their marketing.",
        },
      ],
    },
    {
      heading: "2. Membership and bookings",
      blocks: [
        {
          paragraph:
            "Membership fees, day passes and booking fees are payable in advance. Payments are non-refundable except where these terms or the law say otherwise.",
        },
        {
          paragraph:
            "Meeting room and event space bookings may be cancelled at least 24 hours before the booking starts. Later cancellations and no-shows may be charged in full.",
        },
        {
          paragraph:
            "Memberships renew automatically for the same term unless cancelled in the member portal or in writing before the renewal date. Office leases follow the term stated in your agreement.",
        },
      ],
    },
    {
      heading: "3. Content and intellectual property",
      blocks: [
        {
          paragraph: `The text, photographs, logos and design of this website belong to ${site.name} or its licensors and may not be copied or reused without permission, except for sharing links and short quotations with attribution.`,
        },
        {
          paragraph:
            "Anything you send us (such as a message through the contact form) remains yours; you allow us to use it to respond to you and to provide our services.",
        },
      ],
    },
    {
      heading: "4. Disclaimer",
      blocks: [
        {
          paragraph:
            'Our website and services are provided "as is". We work to keep information such as prices, availability and event details accurate, but we do not guarantee that the website is complete, current or free of errors, or that it will always be available.',
        },
      ],
    },
    {
      heading: "5. Limitation of liability",
      blocks: [
        {
          paragraph: `To the fullest extent the law allows, ${site.name} is not liable for indirect, incidental or consequential losses, or for loss of data, profits or business, arising from your use of the website or services. Our total liability for any claim is limited to the amount you paid us in the three months before the claim arose. Members are responsible for their own belongings and for insuring them.`,
        },
      ],
    },
    {
      heading: "6. Changes to these terms",
      blocks: [
        {
          paragraph:
            "We may update these terms from time to time. The effective date at the top shows the current version; continuing to use our website or services after a change means you accept the updated terms.",
        },
      ],
    },
    {
      heading: "7. Governing law",
      blocks: [
        {
          paragraph:
            "These terms are governed by the laws of the State of Arkansas, without regard to its conflict-of-law rules. Any dispute will be heard in the state or federal courts located in Arkansas.",
        },
      ],
    },
    { heading: "8. Contact", blocks: contactBlocks },
  ],
};

export const privacyPolicy: LegalDocument = {
  dateLine: "Last updated November 22, 2026",
  introduction: `This policy explains what the ${site.name} website collects about you, why, and who else handles it. We collect as little as we can, and we never sell personal information.`,
  sections: [
    {
      heading: "What you send us through the contact form",
      blocks: [
        {
          paragraph:
            "When you submit the contact form we receive your name, email address, phone number, the areas you are interested in (such as coworking or the Think Lounge) and how you heard about us. We use these details only to answer your enquiry and to follow up about the services you asked about.",
        },
        {
          paragraph:
            "Your submission is stored in a database on our own server, so that no enquiry is lost, and is passed on to the lead-management service our team uses to organise follow-ups. We may also keep a copy with our form-handling provider.",
        },
      ],
    },
    {
      heading: "Analytics",
      blocks: [
        {
          paragraph:
            "To learn which pages are useful, the website records page views (the address of the page) and which buttons are clicked. Any button or form label that contains an at-sign is replaced with [redacted] before it is recorded, so email addresses are never sent to analytics.",
        },
        {
          paragraph:
            "When analytics is switched on, these events are sent to Google Analytics, which sets cookies and processes your IP address under Google's own privacy policy. You can block these cookies in your browser settings without affecting how the site works.",
        },
      ],
    },
    {
      heading: "Server logs and security",
      blocks: [
        {
          paragraph:
            "Like most websites, our server records each request (the page asked for, the time and the response) to keep the site running and secure. Your IP address is held in memory for a short time to limit repeated form submissions, and is not kept in our lead records.",
        },
      ],
    },
    {
      heading: "Embedded services",
      blocks: [
        {
          paragraph:
            "Some pages embed services run by other companies: the tour and event booking calendars, video players and the pages of our events provider. They only load when you open those pages or press play, and what you enter into them is handled under their own privacy policies.",
        },
      ],
    },
    {
      heading: "Your choices",
      blocks: [
        {
          paragraph:
            "You can ask us to show, correct or delete the details you sent us, and you can unsubscribe from our messages at any time (for text messages, reply STOP). This website has no user accounts and does not use advertising cookies.",
        },
      ],
    },
    { heading: "Contact", blocks: contactBlocks },
  ],
};
