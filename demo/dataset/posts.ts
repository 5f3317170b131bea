/** Blog posts for the demo hub, Ozark Foundry in Batesville, Arkansas. All people and firms are fictional. */
import { doc, embeddedAsset, h2, h3, p, quote, ul, type Document } from "./richtext.ts";
import { videoAssetUrl } from "../../scripts/demo-images/catalog.ts";

export interface PostDef {
  slug: string;
  title: string;
  publishDate: string;
  author: string;
  excerpt: string;
  tags: string[];
  featured: boolean;
  videoURL?: string;
  content: Document;
}

export const posts: PostDef[] = [
  {
    slug: "how-we-restored-the-foundry",
    title: "How We Brought the Old Foundry Back to Life",
    publishDate: "2025-01-14",
    author: "Dana Whitfield",
    excerpt:
      "Two years, one leaky roof and a lot of reclaimed brick: the story of turning a 1920s foundry on Foundry Lane into a place to work, meet and build.",
    tags: ["arkansas", "community"],
    featured: false,
    content: doc(
      p(
        "The first time we walked into the building at 118 Foundry Lane, pigeons were the only tenants. Light came through broken panes in long dusty beams, the floor was a patchwork of concrete and cinders, and the steel trusses overhead still carried the soot of nearly a century of casting. We fell for it anyway.",
      ),
      h2("A building with a job to do"),
      p(
        "The foundry opened in 1923 and spent fifty years pouring plow points, stove parts and, for a few busy years during the war, fittings for river barges. By the time it closed, the brick walls had seen more Batesville history than most of us ever will. We wanted to keep that story legible: *restore what we could, replace only what we had to, and make the new parts honest about being new.*",
      ),
      h2("What the restoration involved"),
      p("Most of the work happened where nobody will ever look. Before a single desk arrived, the crew:"),
      ul(
        "**Re-roofed** the main hall and reinforced the original steel trusses instead of replacing them",
        "**Repointed** roughly 40,000 bricks with a lime mortar that matches the original",
        "Rebuilt 38 steel-framed windows, keeping every frame that could be saved",
        "Poured a new insulated floor over the old cinder bed and laid oak on top",
        "Ran fiber, power and air handling through the old crane rails so the ceiling stays open",
      ),
      embeddedAsset("blog-embedded-scaffolding"),
      p(
        "The facade spent most of 2024 behind scaffolding. Neighbors kept stopping by to ask what it would become, which is how our first ten members found us.",
      ),
      h3("The parts we kept"),
      p(
        "Look up in the Think Lounge and you will see the original crane rail. The café counter is faced with brick salvaged from a collapsed interior wall, and the big sign on the east side is the 1950s painted sign, cleaned and left exactly as faded as we found it.",
      ),
      quote(
        "We didn't want a building that pretends to be old, or one that pretends it never was. We wanted one that keeps working. — Dana Whitfield",
      ),
      h2("Thank you, Batesville"),
      p(
        "None of this happens without local trades. Masons, electricians, glaziers and a very patient structural engineer all came from within an hour's drive, and the team at [Riverbend Makers Collective](https://riverbendmakers.example) built the reception desk and the café stools in their shop down the road.",
      ),
      p(
        "The doors are open now. Come see what a century-old foundry looks like when it gets a second shift. **Tours run every weekday**, and the coffee is on us.",
      ),
    ),
  },
  {
    slug: "remote-work-rhythms",
    title: "Five Habits of Remote Workers Who Actually Enjoy It",
    publishDate: "2025-03-04",
    author: "Marcus Bell",
    excerpt:
      "After a winter of watching our members work, we noticed the happiest remote workers share a few simple habits. None of them require a new app.",
    tags: ["remote-work", "productivity"],
    featured: false,
    content: doc(
      p(
        "Remote work promised freedom, and for a lot of people it delivered a kitchen table, a laptop and a vague sense that the day never quite starts or ends. Over our first winter we paid attention to the members who seem to genuinely like working remotely. They are not more disciplined than anyone else. They just have better rhythms.",
      ),
      h2("1. They commute, even if it's short"),
      p(
        "A ten-minute drive down Main Street, a walk along the river, even a loop around the block: the people who thrive give their brain a clear *arrival*. The commute is the on-ramp, and skipping it makes the whole day feel like the same long afternoon.",
      ),
      h2("2. They pick a home base"),
      p(
        "Hot-desking is great for variety, but most of our regulars settle on a favorite seat within a couple of weeks. Familiar surroundings mean fewer decisions before the first coffee, and a **dedicated desk** makes that official.",
      ),
      h2("3. They batch their calls"),
      p(
        "Video calls scattered through the day are the enemy of deep work. Our happiest members book a phone booth for a two-hour block and stack their calls inside it. The rest of the day stays quiet.",
      ),
      h2("4. They talk to someone in person"),
      p(
        "This one surprised us. The members who report the least isolation are not the most outgoing; they simply have one or two small, regular conversations. A chat at the café island. A standing lunch on Thursdays. It adds up.",
      ),
      h3("Small ways to start"),
      ul(
        "Join the Tuesday coffee hour, even for fifteen minutes",
        "Say yes to one lunch a week with someone outside your field",
        "Post a question in the member chat instead of searching alone",
      ),
      h2("5. They end the day on purpose"),
      p(
        "Write tomorrow's first task on a sticky note, close the laptop and leave. The best remote workers we know protect their evenings like a meeting with their most important client, because it is one.",
      ),
      quote("Working from home was fine until it wasn't. Having a place to go changed how I feel about the whole job."),
      p(
        "If you want to try these habits somewhere other than your kitchen, [book a free tour](https://ozarkfoundry.example/tour) and spend a day with us on the house.",
      ),
    ),
  },
  {
    slug: "think-lounge-now-booking",
    title: "The Think Lounge Is Now Taking Bookings",
    publishDate: "2025-05-20",
    author: "Dana Whitfield",
    excerpt:
      "Our event space seats up to 72 theatre-style, comes with a full AV setup and sits next door to a catering kitchen. Here is everything you need to plan an event.",
    tags: ["events", "community"],
    featured: true,
    content: doc(
      p(
        "When we laid out the renovation, one room got more arguments than any other: the old casting hall at the back of the building. Too big for desks, too beautiful to partition. It became the **Think Lounge**, and as of this week it is open for bookings from members and the wider community.",
      ),
      h2("The space at a glance"),
      ul(
        "**Up to 72 guests** theatre-style, 48 at workshop tables or 90 for a standing reception",
        "A low stage, a 4-metre screen, wireless microphones and a ceiling speaker system",
        "Fast, dedicated internet for livestreams and hybrid meetings",
        "A catering kitchen next door, plus tables, linens and a coffee station",
        "Tall steel windows along one wall, with blackout blinds when you need them",
      ),
      h2("What people are using it for"),
      p(
        "In the first month of soft bookings we hosted a nonprofit board retreat, a software training day, a wedding-planning workshop and a bluegrass jam that ran later than anyone planned. The room adapts quickly: our staff can turn it from rows to round tables in under half an hour.",
      ),
      h3("Help on the day"),
      p(
        "Every booking comes with an *event support checklist* we work through together a week ahead: room layout, AV needs, catering timing, parking and signage. On the day, a staff member does the tech check with you before guests arrive and stays within earshot.",
      ),
      quote(
        "We walked in with a laptop and a box of name tags. Everything else was already done. — Renee Castillo, Delta Bloom Marketing",
      ),
      h2("Booking and rates"),
      p(
        "You can book a two-hour event, a half day or a full day. Members receive a discount on every booking, and local nonprofits can ask about our community rate. Check available dates on the [event spaces page](https://ozarkfoundry.example/event-spaces) or call the front desk and we'll walk you through it.",
      ),
      p("We can't wait to see what you bring to the room."),
    ),
  },
  {
    slug: "launching-the-podcast-studio",
    title: "Our Podcast Studio Is Open: Here's What's Inside",
    publishDate: "2025-07-08",
    author: "Priya Raman",
    excerpt:
      "Three microphones, a treated room and someone to press record: a tour of the new podcast studio and how local businesses are already using it.",
    tags: ["podcasting", "small-business"],
    featured: false,
    videoURL: videoAssetUrl("video-post-podcast-studio"),
    content: doc(
      p(
        "A year ago, when we asked members what they wished the building had, the most common answer was not a bigger kitchen or more parking. It was *a quiet room with good microphones*. This summer we built one, and the **Foundry Podcast Studio** is now open for bookings.",
      ),
      h2("What's in the room"),
      p(
        "The studio sits in a small interior room with no shared walls to the street. We lined it with fabric acoustic panels, added an oak slat wall to keep it from sounding dead, and set a round walnut table in the middle so everyone can see each other.",
      ),
      ul(
        "Three broadcast dynamic microphones on boom arms",
        "A four-channel mixer and recorder, plus a laptop with editing software",
        "Closed-back headphones for every seat",
        "Two cameras for video podcasts, with soft, adjustable lighting",
        "An **ON AIR** light, because some traditions are worth keeping",
      ),
      h2("Who it's for"),
      p(
        "You do not need to be a podcaster to use it. Local businesses are recording customer stories, a realtor is filming weekly market updates, and two pastors share a slot for their sermon podcast. A nonprofit even used it to record radio spots for its fall fundraiser.",
      ),
      h3("Never recorded before?"),
      p(
        "Book a session with production support and I'll sit in with you. We will set levels, keep an eye on the recording and hand you clean files at the end. If you want help editing, we offer that too, billed by the finished minute.",
      ),
      quote(
        "I expected to spend the hour fighting with cables. Instead I spent it talking, and the audio sounds better than anything I've made at home.",
      ),
      h2("Take the tour"),
      p(
        "We filmed a short walkthrough of the studio, embedded above, so you can see the setup before you book. Members get discounted studio hours each month, and non-members can book by the hour. Questions? Write to [the studio team](mailto:studio@ozarkfoundry.example).",
      ),
    ),
  },
  {
    slug: "grant-season-guide",
    title: "Grant Season: A Plain-English Guide for Small Businesses",
    publishDate: "2025-09-16",
    author: "Ellen Marsh",
    excerpt:
      "Small business grants are real, but they reward preparation more than luck. Here's how to get ready before the next round opens.",
    tags: ["small-business", "startups", "arkansas"],
    featured: false,
    content: doc(
      p(
        "Every fall, our inbox fills with the same question: *are there grants for a business like mine?* Often the answer is yes, but grants are rarely fast money. They reward applicants who prepare early, read carefully and tell a clear story. Here is the approach I walk members through in our monthly office hours.",
      ),
      h2("Know where grants come from"),
      p(
        "Most small business funding in our region comes from four places: state economic development programs, federal agencies (often through regional partners), community foundations and private companies with local giving programs. Each has its own calendar, and many open only once a year.",
      ),
      h2("Get your paperwork in order now"),
      p(
        "Almost every application asks for the same core documents. Gather them before you find the perfect grant, not after:",
      ),
      ul(
        "**A one-page business summary** covering what you do, who you serve and what you need",
        "Two years of financial statements, or a realistic projection if you are newer",
        "Your registration, tax ID and any licenses",
        "A simple budget showing exactly how the money would be spent",
        "Two or three letters of support from customers or community partners",
      ),
      h2("Write for a tired reviewer"),
      p(
        'Reviewers read dozens of applications in a sitting. Use the funder\'s own headings, answer every question in order and put numbers up front. A sentence like "this equipment will let us fill 40 more orders a month" beats a page about passion.',
      ),
      h3("Common mistakes"),
      p(
        "Missing deadlines by a day. Ignoring eligibility rules. Asking for money to cover general operating costs when the grant is for equipment. Every one of these is avoidable with an hour of careful reading.",
      ),
      quote("The grant I finally won was the third one I applied for. The first two taught me how to write the third."),
      h2("You don't have to do it alone"),
      p(
        "Our partners at [Foothills Technical College](https://foothillstech.example) run free grant-writing clinics each spring, and members can book a Focus room session with me any Thursday. Bring your draft, and we'll make it sharper together.",
      ),
    ),
  },
  {
    slug: "meetings-worth-attending",
    title: "How to Run a Meeting People Are Glad They Attended",
    publishDate: "2025-11-18",
    author: "Marcus Bell",
    excerpt:
      "Our meeting rooms host dozens of meetings a week. The good ones have a few things in common, and none of them is a longer agenda.",
    tags: ["productivity", "small-business"],
    featured: false,
    content: doc(
      p(
        "We get a front-row seat to a lot of meetings. Between the Brainstorm room and the Focus room, our meeting spaces see dozens of sessions a week, from two-person client calls to all-day planning retreats. Some groups walk out energized. Others walk out checking their watches. The difference is rarely the room.",
      ),
      h2("Decide what the meeting is for"),
      p(
        'Before you book, finish this sentence: *by the end of this meeting, we will have…* If the answer is "talked about it," send an email instead. If it\'s "picked a vendor" or "agreed the launch date," you have a meeting.',
      ),
      h2("Invite fewer people"),
      p(
        "Every extra person adds opinions and subtracts focus. Our four-person Focus room gets booked for a reason: small groups decide faster. Send notes to everyone else afterwards.",
      ),
      h2("Prepare the room, not just the slides"),
      ul(
        "**Test the screen** and video link ten minutes early, not at the top of the hour",
        "Put the agenda on the whiteboard so everyone can see where you are",
        "Have water and coffee ready, so nobody leaves halfway through to find some",
        "Turn your chairs toward each other, not toward the screen",
      ),
      h3("Assign a note-taker and a timekeeper"),
      p(
        "Two small jobs, two different people. The note-taker writes down decisions and owners, not a transcript. The timekeeper gives a five-minute warning before each topic runs over. These roles keep the meeting honest.",
      ),
      h2("End with names and dates"),
      p(
        "The last five minutes matter most. Read back every decision, who owns the next step and when it's due. Then end early if you can. **Nobody has ever complained about getting ten minutes back.**",
      ),
      quote(
        "We cut our weekly meeting from ninety minutes to forty by writing the goal on the whiteboard before anyone sat down.",
      ),
      p(
        "Members can reserve meeting rooms by the hour from the member portal, and non-members are always welcome to [get in touch](https://ozarkfoundry.example/contact) to book.",
      ),
    ),
  },
  {
    slug: "startup-pitch-night-recap",
    title: "Startup Pitch Night: Six Founders, Four Minutes Each",
    publishDate: "2026-02-10",
    author: "Dana Whitfield",
    excerpt:
      "A full Think Lounge, six local founders and a panel that asked hard, kind questions. Here's who pitched and what we learned.",
    tags: ["startups", "events", "community"],
    featured: false,
    content: doc(
      p(
        "On a cold Thursday in January, 70 people filled the Think Lounge for our second **Startup Pitch Night**. Six founders had four minutes each to pitch, followed by four minutes of questions from a panel of local investors, bankers and business owners. Nobody ran over. Well, almost nobody.",
      ),
      h2("The pitches"),
      ul(
        "**Fieldnote Apps**: scheduling software for rural home-health nurses",
        "**Cedar & Crate**: subscription boxes from Ozark makers, shipped nationwide",
        "**Riverside Feed Analytics**: sensors that help cattle farmers track water use",
        "**Backroad Bikes**: guided gravel-cycling trips through the foothills",
        "**Homestead Ledger**: bookkeeping for small farms, priced per season",
        "**Little Rock Candle Lab**: a small-batch candle maker moving into wholesale",
      ),
      p(
        "The audience vote went to *Riverside Feed Analytics*, whose founder brought a working prototype, a muddy pair of boots and a spreadsheet of results from three local farms. The panel's award went to *Fieldnote Apps* for the clearest path to paying customers.",
      ),
      h2("What the panel kept asking"),
      p("Three questions came up again and again, and they are worth asking of any early business:"),
      h3("Who pays, and how do you reach them?"),
      p(
        "Several pitches described a real problem but were vague about the customer. The founders who could name their first ten buyers got the warmest reception.",
      ),
      h3("What happens if you get a little money?"),
      p(
        "Panelists wanted to know what $10,000 would change, not just $1 million. Small, specific next steps built confidence.",
      ),
      quote("A good pitch isn't a prediction. It's a plan with the uncertain parts labeled."),
      h2("Next time"),
      p(
        "Pitch Night returns in the summer. Applications open six weeks ahead, and any founder in the region can apply, member or not. Watch the [events page](https://ozarkfoundry.example/events) for the date, and thank you to everyone who came out on a very cold night.",
      ),
    ),
  },
  {
    slug: "coworking-vs-coffee-shop",
    title: "Coworking vs. the Coffee Shop: An Honest Comparison",
    publishDate: "2026-04-07",
    author: "Marcus Bell",
    excerpt:
      "We love coffee shops. We also see a lot of people arrive at the Foundry after a year of working in one. Here's a fair look at both.",
    tags: ["remote-work", "productivity"],
    featured: false,
    content: doc(
      p(
        "Full disclosure: we run a coworking space, and we also run a café inside it. So we have opinions. But plenty of our members spent years happily working from coffee shops, and some still do on Fridays. This is our attempt at a fair comparison.",
      ),
      h2("Where the coffee shop wins"),
      ul(
        "**Cost**: the price of a latte, as long as you don't stay all day",
        "**Variety**: a different view, a different crowd, a different playlist",
        "**Zero commitment**: no membership, no sign-up, no questions",
      ),
      p(
        "For a couple of hours of email or a quick planning session, a good coffee shop is hard to beat. We'd never tell you otherwise.",
      ),
      h2("Where it gets harder"),
      p(
        "The trouble starts when the coffee shop becomes your office. Seats fill up at lunch. Outlets are scarce. The Wi-Fi drops just as your client call begins, and a private conversation about contracts or payroll is never quite private.",
      ),
      h3("The hidden costs"),
      p(
        "Three coffees, a sandwich and a pastry a day adds up faster than most people expect. Several of our members realized they were spending *more* on coffee-shop days than on a part-time membership.",
      ),
      h2("What coworking adds"),
      ul(
        "A reliable desk, fast internet and plenty of power",
        "Phone booths and meeting rooms for calls and client visits",
        "A mailing address and a front desk that signs for packages",
        "Other people doing focused work, which turns out to be contagious",
      ),
      quote("I didn't notice how much energy I spent hunting for a seat until I didn't have to anymore."),
      h2("Try both"),
      p(
        "Our honest advice: if you work remotely more than two days a week, try coworking for a month and keep the coffee shop for variety. A **day pass** is the cheapest way to find out which suits you. [Book a tour](https://ozarkfoundry.example/tour) and we'll throw in the first coffee.",
      ),
    ),
  },
  {
    slug: "first-year-in-a-private-office",
    title: "What a Growing Team Learned in Its First Year in a Private Office",
    publishDate: "2026-06-02",
    author: "Sam Whitaker",
    excerpt:
      "Fieldnote Apps went from one hot desk to a four-person office in twelve months. Co-founder Sam Whitaker shares what changed, and what he'd do differently.",
    tags: ["small-business", "startups"],
    featured: false,
    content: doc(
      p(
        "Last June, Fieldnote Apps was me, a laptop and a hot desk by the window. Today we are four people in Suite 104, with a whiteboard that never gets fully erased. Dana asked me to write down what a year in a private office has taught us. Here it is, unvarnished.",
      ),
      h2("We moved sooner than we planned"),
      p(
        "I assumed we'd stay on the coworking floor until we had five people. In reality, the moment we hired our first engineer, we needed a place to talk through customer calls without whispering. *A door is a product feature* when your customers are nurses sharing patient schedules.",
      ),
      h2("A small office changes how a team works"),
      ul(
        "**Decisions got faster**: we can turn around and ask instead of scheduling a call",
        "Onboarding got easier, because new hires hear how we talk to customers",
        "We started keeping real hours, because the office has a front door that closes",
      ),
      h3("But we kept the floor"),
      p(
        "We still eat lunch at the café island most days and work out on the coworking floor when we need a change of scene. The private office didn't replace the community. It gave us a home base inside it.",
      ),
      h2("What I'd do differently"),
      p(
        "I'd have asked about a **flexible lease** on day one. Ozark Foundry let us move from a two-person office to a four-person one mid-year without penalty, but I didn't know that was possible and nearly signed a long lease across town instead.",
      ),
      p(
        "I'd also have booked the Brainstorm room for quarterly planning from the start. Getting out of our own office, even by forty feet, makes big-picture conversations easier.",
      ),
      quote("The best thing about the office isn't the desk. It's that the people who can help us are a hallway away."),
      h2("Advice for the next team"),
      p(
        "If you're wondering whether it's time to move off the floor, it probably is when you start booking phone booths for internal conversations. Take a look at the [private office plans](https://ozarkfoundry.example/private-offices) and ask for a walkthrough of the open suites.",
      ),
    ),
  },
  {
    slug: "white-river-remote-workers",
    title: "Why Remote Workers Are Choosing the White River Valley",
    publishDate: "2026-08-25",
    author: "Dana Whitfield",
    excerpt:
      "Affordable homes, a walkable downtown and the river at the end of the street: why more remote workers are making Batesville home, and what they need when they arrive.",
    tags: ["arkansas", "remote-work", "community"],
    featured: true,
    content: doc(
      p(
        "When we opened, about one in five of our members worked remotely for a company based somewhere else. Today it's closer to half. They come from Dallas, Chicago, Denver and Little Rock, and a surprising number grew up nearby and came home once their job let them.",
      ),
      h2("What brings them here"),
      p("We asked. The answers were remarkably consistent:"),
      ul(
        "**Cost of living**: a house with a yard for what a one-bedroom costs in most cities",
        "**The outdoors**: the White River, the Ozark foothills and trails within a short drive",
        "**A real downtown**: coffee, hardware, a bookstore and dinner within a few blocks",
        "**Family**: grandparents nearby, good schools and an easier pace for kids",
      ),
      h2("What they miss"),
      p(
        "Nobody pretends small-town life is perfect for remote work. People miss the casual collisions of an office, fast internet can vary by street and, at first, it can be hard to meet people who don't already know everyone.",
      ),
      h3("Where a hub helps"),
      p(
        "That's the gap we try to fill. A desk with reliable fiber, yes, but also the Tuesday coffee hour, the pitch nights, and the member who knows which plumber actually calls back. Our partners at [Lakeline Fiber](https://lakelinefiber.example) have helped several members get faster service at home, too.",
      ),
      quote(
        "I kept my Chicago salary and got my Saturdays back. The Foundry is where I found my people. — a member who moved here in 2025",
      ),
      h2("Thinking about a move?"),
      p(
        "If you're weighing a move to the area, we're happy to help you get a feel for it. Spend a week on a *trial membership*, come to an event, and ask our members anything. Most of them were asking the same questions not long ago.",
      ),
      p("Drop us a line through the [contact page](https://ozarkfoundry.example/contact). We'll put the coffee on."),
    ),
  },
  {
    slug: "fall-at-the-foundry-2026",
    title: "Fall at the Foundry: Workshops, an Open House and a New Café Menu",
    publishDate: "2026-11-10",
    author: "Marcus Bell",
    excerpt:
      "Shorter days, longer evenings and a full calendar: here's everything happening at Ozark Foundry this fall, from the holiday mixer to a new café menu.",
    tags: ["events", "community"],
    featured: true,
    content: doc(
      p(
        "The trees on Foundry Lane have turned, the café has switched to cinnamon everything and the calendar is fuller than it has ever been. Here's what's coming up at the Foundry between now and the end of the year.",
      ),
      h2("Workshops"),
      p(
        "Our fall workshop series focuses on the practical skills members asked for in our summer survey. All workshops are held in the Think Lounge and are free for members.",
      ),
      ul(
        "**Web Design for Small Business**: build or refresh your site in an afternoon",
        "**AI for Small Business**: useful, honest ways to save time, and where to be careful",
        "**Podcasting 101**: plan, record and publish your first episode in our studio",
        "**Small Business Grants**: a working session with our partners at Foothills Technical College",
      ),
      h2("Open House"),
      p(
        "Bring a friend, a neighbor or a curious coworker to our **Open House** on the first Thursday of December, from 4 to 7 pm. We'll have tours every half hour, hot cider in the café and a first look at the two new private offices on the second floor.",
      ),
      h3("The Holiday Mixer"),
      p(
        "Our members-and-friends *Holiday Mixer* closes out the year in the lounge, with string lights, a local string band and a potluck dessert table that gets more competitive every year. Bring something sweet.",
      ),
      h2("New on the café menu"),
      p(
        "The café is adding a maple oat latte, a savory breakfast biscuit from a bakery two streets over and a pour-over coffee from a roaster in the Ozarks. Members still get their first drink of the day on the house.",
      ),
      quote(
        "The building feels different in fall. The light comes in low through those tall windows, and everybody lingers a little longer.",
      ),
      h2("Save the dates"),
      p(
        "Full dates, times and RSVP links are on the [events page](https://ozarkfoundry.example/events). Spaces in the workshops are limited, so sign up early, and we'll see you at the Foundry.",
      ),
    ),
  },
];

/**
 * Drafts: saved in the space but never published, so the Delivery API leaves them out and only the
 * Preview API (an editor's preview) shows them. `image` names an existing asset.
 */
export const draftPosts: (PostDef & { image: string })[] = [
  {
    slug: "holiday-makers-market",
    title: "Coming Soon: The Foundry Holiday Makers Market",
    publishDate: "2026-12-01",
    author: "Marcus Bell",
    excerpt:
      "Twenty local makers, a hot cider bar and gift wrapping by our members: a first look at the Holiday Makers Market in the Think Lounge.",
    tags: ["events", "community"],
    featured: false,
    image: "blog-fall-at-the-foundry-2026",
    content: doc(
      p(
        "This December the Think Lounge trades its workshop tables for market stalls. The Foundry Holiday Makers Market brings twenty makers from Batesville and the hills around it under one old steel roof for a single Saturday of browsing, sipping and crossing names off a gift list.",
      ),
      h2("Who is coming"),
      p(
        "We asked members for their favorite local makers and the list grew faster than the floor plan. Expect hand-thrown pottery, leather goods, candles poured in small batches, wooden toys, prints of the White River and a few surprises we are keeping quiet until the day.",
      ),
      ul(
        "**Twenty stalls** in the Think Lounge and along the café windows",
        "**Hot cider and cocoa** from the café, with a maple oat latte for the grown-ups",
        "**Gift wrapping** by member volunteers, with donations going to the county food bank",
        "**A kids' corner** with ornament painting in the Brainstorm room",
      ),
      h2("For members"),
      p(
        "Members get an early hour before the doors open to everyone, and anyone who wants a stall for their own business can still ask: we are holding three tables for members who make things on the side. Tell the front desk before the end of the month.",
      ),
      quote(
        "Half of our members sell something they make. A market in the building they work in felt overdue. — Marcus Bell",
      ),
      h2("Details to come"),
      p(
        "The date, the full maker list and the opening hours will be on the [events page](https://ozarkfoundry.example/events) once every stall is confirmed. Until then, keep a Saturday in December free, bring a tote bag and plan on staying for a second cider.",
      ),
    ),
  },
];
