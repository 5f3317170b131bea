import {
  Armchair,
  BadgeCheck,
  CalendarCheck,
  ClipboardCheck,
  Clock,
  Coffee,
  CookingPot,
  DoorClosed,
  Headphones,
  KeyRound,
  Lock,
  Mail,
  Mic,
  MonitorSpeaker,
  ParkingCircle,
  Phone,
  Presentation,
  Printer,
  Projector,
  Speaker,
  Users,
  UtensilsCrossed,
  Video,
  Wifi,
  Wrench,
} from "lucide-react";
import { businessHours, meetingRooms, membership, officeSizes, thinkLounge, usd } from "./pricing";
import type { AmenityItem, BenefitItem, FaqItem, Feature, VideoTourItem } from "./copy-types";

/** The space pages' copy (docs/pages.md); every figure comes from `pricing.ts`. */

/** The tours' built-in addresses; the content service's `siteVideo` entries replace them. */
const video = (id: string) => `https://www.youtube-nocookie.com/embed/${id}`;

export const coworking = {
  benefits: [
    {
      icon: Armchair,
      title: "Work where it suits you",
      description:
        "Pick a seat at the long oak tables, a quiet corner by the windows or a sofa in the lounge. Move when your day changes.",
      imageKey: "benefit-coworking-1",
    },
    {
      icon: Coffee,
      title: "Coffee on tap, people nearby",
      description:
        "Good coffee, a café island for lunch, and members from a dozen trades who are happy to trade an idea or a referral.",
      imageKey: "benefit-coworking-2",
    },
    {
      icon: Clock,
      title: "Hours that fit your week",
      description: `Coworking members come ${businessHours.days}, ${businessHours.opens} to ${businessHours.closes}; dedicated desks have the building ${membership.dedicatedDesk.hours}.`,
      imageKey: "benefit-coworking-3",
    },
  ] satisfies BenefitItem[],
  videos: [
    {
      key: "coworking-floor",
      title: "A morning on the coworking floor",
      description: "Walk the tables, the café and the phone booths with our community manager.",
      defaultVideoUrl: video("OzFdCowork01"),
      poster: "home",
    },
    {
      key: "coworking-members",
      title: "Meet the members",
      description: "Three members on why they traded the kitchen table for a desk downtown.",
      defaultVideoUrl: video("OzFdMembers2"),
      poster: "community",
    },
  ] satisfies VideoTourItem[],
  amenities: [
    { icon: Wifi, title: "Fiber Wi-Fi", description: "Symmetric gigabit fiber with a wired line at every table." },
    { icon: Coffee, title: "Coffee and tea", description: "Local roasts, tea and filtered water all day." },
    { icon: Phone, title: "Phone booths", description: "Four soundproofed booths for calls and video meetings." },
    { icon: Printer, title: "Printing and scanning", description: "A color printer and scanner near the front desk." },
    {
      icon: Mail,
      title: "Mail and packages",
      description: "A business address and a front desk that signs for deliveries.",
    },
    {
      icon: Presentation,
      title: "Meeting room hours",
      description: `${membership.coworking.meetingRoomHours} hr/month with coworking, ${membership.dedicatedDesk.meetingRoomHours} hr/month with a dedicated desk.`,
      isPremium: true,
    },
    {
      icon: KeyRound,
      title: "24/7 access",
      description: "Dedicated desk members come and go any hour with their own key card.",
      isPremium: true,
    },
    {
      icon: ParkingCircle,
      title: "Free parking",
      description: "A lot behind the building and street parking on Foundry Lane.",
    },
  ] satisfies AmenityItem[],
  faqs: [
    {
      question: "How much does coworking cost?",
      answer: `Coworking memberships start at ${usd(membership.coworking.price)}/month for ${membership.coworking.hours} access with ${membership.coworking.meetingRoomHours} hr/month of meeting room time. A dedicated desk starts at ${usd(membership.dedicatedDesk.price)}/month with ${membership.dedicatedDesk.hours} access and ${membership.dedicatedDesk.meetingRoomHours} hr/month of meeting room time.`,
    },
    {
      question: "Can I try it for a day first?",
      answer: `Yes. A day pass is ${usd(membership.dayPass.price)}/day and includes a seat at the shared tables, Wi-Fi, coffee and the phone booths. Book a tour and we'll set you up.`,
    },
    {
      question: "What's the difference between coworking and a dedicated desk?",
      answer:
        "Coworking members take any open seat at the shared tables during business hours. A dedicated desk is yours alone, with lockable storage and access around the clock.",
    },
    {
      question: "Do I need to sign a long contract?",
      answer:
        "No. Coworking and dedicated desk memberships run month to month; private offices are leased for longer terms.",
    },
    {
      question: "Can I bring a guest?",
      answer: "Yes, members may bring a guest for the day. Let the front desk know when you arrive.",
    },
  ] satisfies FaqItem[],
};

export const privateOffices = {
  benefits: [
    {
      icon: Lock,
      title: "Your own door",
      description:
        "A lockable, furnished office where you can take calls, leave your work out and close the door at the end of the day.",
      imageKey: "benefit-private-offices-1",
    },
    {
      icon: DoorClosed,
      title: "Quiet rooms, bright light",
      description: "Glass-fronted suites along the old foundry's brick walls: daylight in, noise out.",
      imageKey: "benefit-private-offices-2",
    },
    {
      icon: Users,
      title: "Room to grow",
      description: `Offices for teams of ${officeSizes.small.people} to ${officeSizes.large.people}, and moving up a size mid-lease is as simple as asking.`,
      imageKey: "benefit-private-offices-3",
    },
  ] satisfies BenefitItem[],
  videos: [
    {
      key: "private-offices-suite",
      title: "Inside a private office suite",
      description: "A look at the small, medium and large offices and the hallway that connects them.",
      defaultVideoUrl: video("OzFdOffices3"),
      poster: "spaces",
    },
  ] satisfies VideoTourItem[],
  amenities: [
    { icon: KeyRound, title: "24/7 access", description: "Key-card access for everyone on your team, any hour." },
    { icon: Armchair, title: "Furnished", description: "Desks, ergonomic chairs and storage, ready on day one." },
    { icon: Wifi, title: "Fiber internet", description: "Gigabit fiber with a wired port at every desk." },
    {
      icon: Presentation,
      title: "Meeting room hours",
      description: `${officeSizes.small.meetingRoomHours} to ${officeSizes.large.meetingRoomHours} hr/month of meeting room time, by office size.`,
      isPremium: true,
    },
    { icon: Mail, title: "Business address", description: "Mail and package handling at the front desk." },
    { icon: Coffee, title: "The whole building", description: "The café, lounge, phone booths and member events." },
  ] satisfies AmenityItem[],
  faqs: [
    {
      question: "How much is a private office?",
      answer: `Offices start at ${usd(officeSizes.small.price)}/month for ${officeSizes.small.people} people (${officeSizes.small.meetingRoomHours} hr/month of meeting room time), ${usd(officeSizes.medium.price)}/month for ${officeSizes.medium.people} people (${officeSizes.medium.meetingRoomHours} hr) and ${usd(officeSizes.large.price)}/month for ${officeSizes.large.people} people (${officeSizes.large.meetingRoomHours} hr).`,
    },
    {
      question: "How long is the lease?",
      answer: `Leases run from ${membership.leaseMonths} months. Ask us about moving to a larger office during your lease.`,
    },
    {
      question: "Is the office furnished?",
      answer: "Yes: desks, chairs, storage and a whiteboard. You're welcome to bring your own pieces too.",
    },
    {
      question: "Can my clients visit?",
      answer:
        "Of course. The front desk greets your visitors, and your meeting room hours cover the bigger conversations.",
    },
  ] satisfies FaqItem[],
};

export const meetingRoomsPage = {
  benefits: [
    {
      icon: Projector,
      title: "Ready to present",
      description: "A wall screen, wireless casting and a conference camera in every room, tested before you arrive.",
      imageKey: "benefit-meeting-rooms-1",
    },
    {
      icon: Users,
      title: "The right size",
      description: `The Focus room seats ${meetingRooms.focusRoomCapacity}; the Brainstorm room seats ${meetingRooms.brainstormRoomCapacity} around one long table.`,
      imageKey: "benefit-meeting-rooms-2",
    },
    {
      icon: CalendarCheck,
      title: "Book by the hour",
      description: `From ${usd(meetingRooms.pricePerHour)}/hour, members and non-members alike. No membership needed.`,
      imageKey: "benefit-meeting-rooms-3",
    },
  ] satisfies BenefitItem[],
  videos: [
    {
      key: "meeting-rooms",
      title: "The Focus and Brainstorm rooms",
      description: "See both rooms set for a client meeting and a planning day.",
      defaultVideoUrl: video("OzFdMeeting4"),
      poster: "company",
    },
  ] satisfies VideoTourItem[],
  features: [
    {
      icon: MonitorSpeaker,
      title: "Screens and casting",
      description: "HDMI, USB-C and wireless casting to a large display.",
    },
    {
      icon: Video,
      title: "Video conferencing",
      description: "A conference camera and speakerphone for hybrid meetings.",
    },
    {
      icon: Presentation,
      title: "Whiteboards",
      description: "Whiteboard walls, markers and flip charts in both rooms.",
    },
    { icon: Coffee, title: "Coffee and water", description: "Coffee, tea and water service for your group." },
    { icon: Wifi, title: "Guest Wi-Fi", description: "Fast, separate Wi-Fi for your visitors." },
    { icon: BadgeCheck, title: "Front desk welcome", description: "We greet your guests and show them to the room." },
  ] satisfies Feature[],
  faqs: [
    {
      question: "How much does a meeting room cost?",
      answer: `Both rooms are from ${usd(meetingRooms.pricePerHour)}/hour. Members use their monthly meeting room hours first.`,
    },
    {
      question: "How many people fit?",
      answer: `The Focus room seats ${meetingRooms.focusRoomCapacity}; the Brainstorm room seats ${meetingRooms.brainstormRoomCapacity}. For larger groups, ask about the Think Lounge, which holds up to ${thinkLounge.theaterCapacity}.`,
    },
    {
      question: "What if I need to cancel?",
      answer: `Cancel up to ${meetingRooms.fullRefundHours} hours ahead for a full refund.`,
    },
    {
      question: "Do I need to be a member?",
      answer: "No. Anyone can book a meeting room by the hour; members get included hours each month.",
    },
  ] satisfies FaqItem[],
};

export const eventSpaces = {
  benefits: [
    {
      icon: Users,
      title: "Flexible capacity",
      description: `Up to ${thinkLounge.theaterCapacity} people theater style, or ${thinkLounge.workshopCapacity} at workshop or classroom tables.`,
      imageKey: "benefit-event-spaces-1",
    },
    {
      icon: Speaker,
      title: "Premium AV",
      description: "A large projection screen, wireless microphones and a sound system tuned for the room.",
      imageKey: "benefit-event-spaces-2",
    },
    {
      icon: UtensilsCrossed,
      title: "Full service",
      description: "A catering kitchen next door and event-support checklists, so nothing is forgotten on the day.",
      imageKey: "benefit-event-spaces-3",
    },
  ] satisfies BenefitItem[],
  configurations: {
    title: "Space configurations",
    description: `Theater rows for ${thinkLounge.theaterCapacity}, workshop tables for ${thinkLounge.workshopCapacity}, or an open floor for a reception: the room changes with your event.`,
    layouts: [
      { name: "Theater", capacity: `Up to ${thinkLounge.theaterCapacity}` },
      { name: "Workshop or classroom", capacity: `${thinkLounge.workshopCapacity}` },
      { name: "Reception", capacity: `Up to ${thinkLounge.theaterCapacity}` },
    ],
    videos: [
      {
        key: "think-lounge",
        title: "Think Lounge virtual tour",
        description: "The room set theater style, then for a workshop, with the AV and kitchen.",
        defaultVideoUrl: video("OzFdLounge05"),
        poster: "community",
      },
    ] satisfies VideoTourItem[],
  },
  features: [
    { icon: Projector, title: "Premium AV", description: "Projector, large screen and HDMI or wireless input." },
    { icon: Mic, title: "Microphones", description: "Two wireless handhelds and a lapel microphone." },
    { icon: Wifi, title: "Fast internet", description: "Gigabit fiber for streaming and live demos." },
    { icon: Coffee, title: "Refreshments", description: "Coffee, tea and water service for your guests." },
    {
      icon: CookingPot,
      title: "Catering kitchen",
      description: "A prep kitchen for your caterer, steps from the room.",
    },
    { icon: Headphones, title: "Sound system", description: "Ceiling speakers and a mixer tuned for talks and music." },
    { icon: Wrench, title: "Tech support", description: "A staff member sets up and stays on call during your event." },
    {
      icon: ClipboardCheck,
      title: "Event support checklists",
      description: "Step-by-step checklists for setup, the day itself and teardown.",
    },
  ] satisfies Feature[],
  faqs: [
    {
      question: "How many people does the Think Lounge hold?",
      answer: `Up to ${thinkLounge.theaterCapacity} people theater style, and ${thinkLounge.workshopCapacity} in a workshop or classroom layout.`,
    },
    {
      question: "What does it cost?",
      answer: `${usd(thinkLounge.hourlyRate)}/hour with a ${thinkLounge.minimumHours}-hour minimum, ${usd(thinkLounge.halfDay.price)} for a half day (up to ${thinkLounge.halfDay.hours} hours) or ${usd(thinkLounge.fullDay.price)} for a full day (up to ${thinkLounge.fullDay.hours} hours).`,
    },
    {
      question: "Can I reschedule or cancel?",
      answer: `Reschedule or cancel free of charge up to ${thinkLounge.freeChangeDays} days before your event. Changes within ${thinkLounge.lateCancellationHours} hours of the event may incur a fee.`,
    },
    {
      question: "Can we bring our own caterer?",
      answer:
        "Yes. Your caterer can use the catering kitchen next to the Think Lounge; we'll share the kitchen checklist ahead of time.",
    },
    {
      question: "Is AV help included?",
      answer:
        "Yes. A staff member sets up the screen, microphones and sound with you and stays on call during your event.",
    },
  ] satisfies FaqItem[],
  bookingIntro: "Choose how long you need the room. Your booking is confirmed as soon as you pick a time.",
};
