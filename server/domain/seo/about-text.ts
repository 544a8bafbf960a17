// The generated "about" text: 200+ words of plain prose built only from a business's own data.
// Where the data is thin the text explains how to use the listing, the city and category pages and
// how to confirm details — it never fills the gap with claims the data does not make.
// Variety: each slot has several phrasings, paragraph and sentence order vary, and many sentences
// appear only when the data supports them; every choice is seeded from the data, so it is stable.
import {
  dayListLabel,
  dayRangeLabel,
  formatRanges,
  joinList,
  numberWord,
  type RangeStyle,
} from './hours-summary.ts';
import { countWords } from './plain-text.ts';
import type { Chooser } from './seeded-random.ts';
import type { SeoFacts } from './seo-facts.ts';

export const MIN_ABOUT_WORDS = 200;

type Paragraph = string[];

function plural(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}

function identityParagraph(f: SeoFacts, r: Chooser): Paragraph {
  const n = f.name;
  const c = f.category;
  const intro = c
    ? f.place
      ? r.pick([
          `${n} is listed in the ${c} category for ${f.place}.`,
          `This page covers ${n}, which appears under ${c} in ${f.place}.`,
          `${n} appears in the directory under ${c}, with ${f.place} given as its location.`,
          `Filed under ${c}, ${n} is a business listing located in ${f.place}.`,
          `You are looking at the directory entry for ${n}, categorised as ${c} and located in ${f.place}.`,
          `The directory lists ${n} among its ${c} businesses in ${f.place}.`,
        ])
      : r.pick([
          `${n} is listed in the ${c} category of the directory.`,
          `This page covers ${n}, which appears in the directory under ${c}.`,
          `You are looking at the directory entry for ${n}, categorised as ${c}.`,
        ])
    : f.place
      ? r.pick([
          `${n} is listed in the directory with ${f.place} given as its location.`,
          `This page covers ${n}, a business listing located in ${f.place}.`,
          `You are looking at the directory entry for ${n} in ${f.place}.`,
        ])
      : r.pick([`This page is the directory entry for ${n}.`, `${n} has its own entry in this directory.`]);

  const rest: string[] = [];
  if (f.address) {
    rest.push(
      r.pick([
        `The address on file is ${f.address}.`,
        `Its recorded address reads ${f.address}.`,
        `According to the listing, it can be found at ${f.address}.`,
        `The street address given for ${n} is ${f.address}.`,
        `For directions, the listing gives the address as ${f.address}.`,
      ]),
    );
  }
  if (f.status === 'OPERATIONAL') {
    rest.push(
      r.pick([
        `The source data marks ${n} as operational.`,
        `The status of ${n} was shown as operational at the time the data was collected.`,
        `According to the data we hold, the business status of ${n} is operational.`,
        `The listing records ${n} as an operational business.`,
        `When the data was gathered, ${n} was listed as operational.`,
      ]),
    );
  } else if (f.status === 'CLOSED_TEMPORARILY') {
    rest.push(
      r.pick([
        `The listing reports ${n} as temporarily closed, so check whether it has reopened before you visit.`,
        `Its status is recorded as temporarily closed; confirm that ${n} has reopened before making plans.`,
        `According to the data, ${n} is temporarily closed, which makes a quick check before any visit essential.`,
      ]),
    );
  } else if (f.status === 'CLOSED_PERMANENTLY') {
    rest.push(
      r.pick([
        `The listing records ${n} as permanently closed, and this page is kept for reference.`,
        `According to the data, ${n} has closed permanently; the details below are kept as a record.`,
        `Its status is recorded as permanently closed, so treat the details on this page as historical.`,
      ]),
    );
  }
  if (f.verified) {
    rest.push(
      r.pick([
        `The source data marks the listing for ${n} as verified.`,
        `In the data we collected, the listing for ${n} carries a verified mark.`,
        `This entry for ${n} is flagged as verified in the source data.`,
        `${n} appears as a verified listing in the data we hold.`,
      ]),
    );
  }
  return [intro, ...r.shuffle(rest)];
}

function ratingParagraph(f: SeoFacts, r: Chooser): Paragraph {
  const n = f.name;
  const reviews = `${f.reviewCountText} ${plural(f.reviewCount, 'review', 'reviews')}`;
  const out: string[] = [];
  if (f.rating && f.reviewCount > 0) {
    out.push(
      r.pick([
        `${n} has an average rating of ${f.rating} out of 5 from ${reviews}.`,
        `Across ${reviews}, the average rating recorded for ${n} is ${f.rating} out of 5.`,
        `Reviewers have given ${n} an average of ${f.rating} out of 5, based on ${reviews}.`,
        `The listing shows a ${f.rating} out of 5 average, drawn from ${reviews}.`,
        `Its rating stands at ${f.rating} out of 5, with ${reviews} on record.`,
      ]),
    );
    if (r.chance(0.6)) {
      out.push(
        r.pick([
          `On the star display that shows as ${numberWord(f.stars)} filled ${plural(f.stars, 'star', 'stars')}, since only whole stars are filled.`,
          `Rounded down to whole stars, the page for ${n} fills ${numberWord(f.stars)} of the five.`,
          `The stars beside the name of ${n} fill ${numberWord(f.stars)} of five, as only whole stars are shown.`,
        ]),
      );
    }
    if (f.reviewCount < 10) {
      out.push(
        r.pick([
          `With fewer than ten reviews, a single new review can move that average noticeably.`,
          `Because the review count for ${n} is small, the average may shift as more people leave reviews.`,
          `An average built on only a handful of reviews is worth reading with some caution.`,
          `So few reviews mean the score for ${n} could change quickly as new ones arrive.`,
        ]),
      );
    } else if (f.reviewCount >= 100) {
      out.push(
        r.pick([
          `Because the average rests on more than a hundred reviews, one new review changes it only slightly.`,
          `With over a hundred reviews behind it, the average for ${n} is unlikely to swing much from one review to the next.`,
          `That many reviews make the average a steadier figure than one based on just a few opinions.`,
          `A score drawn from more than a hundred reviews gives a broader picture of ${n} than a handful would.`,
        ]),
      );
    }
    out.push(
      r.pick([
        `An average is a summary of past reviews, so weigh it alongside what matters most to you.`,
        `A rating describes past experiences rather than a promise, so use it as one signal among several.`,
        `Ratings are collected from public sources and summarise earlier reviews of ${n}, not today's service.`,
        `Treat the score as a starting point and check the details that matter for your own visit.`,
        `The rating reflects what reviewers reported in the past; ${n} may have changed since.`,
        `Reviews of ${n} were gathered from public sources, so the rating is a summary rather than an inspection.`,
      ]),
    );
  } else if (f.rating) {
    out.push(
      r.pick([
        `The listing shows a rating of ${f.rating} out of 5 for ${n}, but no review count is recorded with it.`,
        `A rating of ${f.rating} out of 5 is on file for ${n}, without a count of the reviews behind it.`,
      ]),
      r.pick([
        `Without the number of reviews it is hard to say how settled that figure is.`,
        `Since the review count is missing, read the rating as a rough indication only.`,
      ]),
    );
  } else {
    out.push(
      r.pick([
        `No reviews are recorded for ${n} yet, so the page shows no average rating.`,
        `There are no reviews on file for ${n} at the moment, and therefore no rating to display.`,
        `The listing for ${n} has no recorded reviews, so no star rating appears here.`,
        `${n} does not have a rating in our data yet, because no reviews have been recorded.`,
      ]),
      r.pick([
        `Without reviews, the category, location and contact details on this page are the place to start.`,
        `A missing rating says nothing either way about ${n}; it only means no reviews were collected.`,
        `The absence of a rating is not a judgement on ${n}; it simply means there is nothing to average yet.`,
        `With no rating to go on, judge ${n} by the details on this page and by asking the business directly.`,
      ]),
    );
  }
  return out;
}

function contactAdvice(f: SeoFacts, r: Chooser): string {
  if (f.hasPhone && f.hasWebsite) {
    return r.pick([
      'call the listed number or check the website',
      'use the phone number or website on this page',
    ]);
  }
  if (f.hasPhone) return r.pick(['call the listed number', 'ring the phone number on this page']);
  if (f.hasWebsite) return r.pick(['check the linked website', 'look at the website the listing links to']);
  return r.pick(['confirm the details through another source', 'check the details locally']);
}

function hoursParagraph(f: SeoFacts, r: Chooser): Paragraph {
  const n = f.name;
  const h = f.hours;
  if (!h) {
    return [
      r.pick([
        `No opening hours are recorded for ${n}.`,
        `The listing does not include opening hours for ${n}.`,
        `Opening hours for ${n} are not part of the data we hold.`,
      ]),
      r.pick([
        `Before you travel, ${contactAdvice(f, r)} to find out when it is open.`,
        `To avoid a wasted journey, ${contactAdvice(f, r)} before setting out.`,
        `It is worth taking a moment to ${contactAdvice(f, r)} before planning a visit around particular times.`,
      ]),
    ];
  }
  const out: string[] = [];
  out.push(
    h.knownDayCount === 7
      ? r.pick([
          `Opening hours for ${n} are on file for every day of the week.`,
          `Here are the opening hours recorded for ${n}, day by day.`,
          `The listing gives a full weekly schedule for ${n}.`,
          `A complete week of opening hours is recorded for ${n}.`,
        ])
      : r.pick([
          `The listing gives opening hours for ${numberWord(h.knownDayCount)} ${plural(h.knownDayCount, 'day', 'days')} of the week.`,
          `Opening hours for ${n} are recorded for ${numberWord(h.knownDayCount)} ${plural(h.knownDayCount, 'day', 'days')} of the week.`,
          `The schedule on file for ${n} covers ${numberWord(h.knownDayCount)} ${plural(h.knownDayCount, 'day', 'days')} of the week.`,
        ]),
  );
  const style: RangeStyle = r.pick(['dash', 'words'] as const);
  for (const group of h.openGroups) {
    const label = dayRangeLabel(group.days);
    const times = formatRanges(group.ranges, style);
    const allDay = times === 'around the clock';
    out.push(
      allDay
        ? r.pick([`On ${label} it is listed as open around the clock.`, `${label}: open around the clock.`])
        : style === 'dash'
          ? r.pick([
              `${label}: ${times}.`,
              `The hours for ${label} are ${times}.`,
              `On ${label} it opens ${times}.`,
            ])
          : r.pick([`On ${label} it is listed as open ${times}.`, `${label} hours run ${times}.`]),
    );
  }
  if (h.closedDays.length > 0) {
    const days = dayListLabel(h.closedDays);
    out.push(
      r.pick([
        `It is listed as closed on ${days}.`,
        `${days} ${plural(h.closedDays.length, 'is', 'are')} marked as closed.`,
        `The schedule shows no opening on ${days}.`,
        `${n} is listed as closed on ${days}.`,
        `Expect ${n} to be closed on ${days}, according to the listing.`,
      ]),
    );
  }
  if (h.unknownDays.length > 0) {
    out.push(
      r.pick([
        `The listing does not give hours for ${dayListLabel(h.unknownDays)}.`,
        `No hours are recorded for ${dayListLabel(h.unknownDays)}, so check before visiting then.`,
        `For ${dayListLabel(h.unknownDays)}, the data on ${n} has no hours at all.`,
      ]),
    );
  }
  if (h.overnight) {
    out.push(
      r.pick([
        `Some of these hours run past midnight, so the closing time falls on the following day.`,
        `Where a closing time is earlier than the opening time, ${n} stays open past midnight.`,
        `Late closing times here run into the next day, past midnight.`,
      ]),
    );
  }
  if (h.split) {
    out.push(
      r.pick([
        `On some days the hours are split into more than one period, with a break in between.`,
        `Note the split hours on some days: ${n} closes for a while and then opens again.`,
        `The day is divided into separate opening periods on some days, so mind the gap between them.`,
      ]),
    );
  }
  out.push(
    r.pick([
      `${f.city ? `All times are local to ${f.city}` : 'All times are local'}, and hours can differ on public holidays.`,
      `Times are shown in local time${f.city ? ` for ${f.city}` : ''}; holiday hours may differ from the regular schedule.`,
      `Hours can change on public holidays or at short notice, so ${contactAdvice(f, r)} if timing matters.`,
      `Public holidays and seasonal changes can alter these hours, so ${contactAdvice(f, r)} before a special trip.`,
    ]),
  );
  return out;
}

function detailsParagraph(f: SeoFacts, r: Chooser): Paragraph | null {
  const n = f.name;
  const out: string[] = [];
  if (f.description) {
    out.push(
      r.pick([
        `The description on file for ${n} reads: “${f.description}”`,
        `In the listing's own words: “${f.description}”`,
        `Its listing carries this description: “${f.description}”`,
      ]),
    );
  }
  const groups = r.shuffle(f.availableGroups).map((g) => {
    const list = joinList(g.items);
    return r.pick([
      `Under “${g.group}”, the listing notes ${list}.`,
      `The “${g.group}” details on file include ${list}.`,
      `For ${g.group.toLowerCase()}, the data lists ${list}.`,
      `In the ${g.group.toLowerCase()} section, ${n} is recorded with ${list}.`,
    ]);
  });
  out.push(...groups);
  if (f.unavailable.length > 0) {
    const list = joinList(f.unavailable);
    const verb = plural(f.unavailable.length, 'is', 'are');
    out.push(
      r.pick([
        `The listing marks ${list} as not available.`,
        `According to the data, ${list} ${verb} not offered.`,
        `${list} ${verb} recorded as not available at ${n}.`,
      ]),
    );
  }
  if (f.availableGroups.length > 0 || f.unavailable.length > 0) {
    out.push(
      r.pick([
        `These attributes come from the source data and can change, so ask ${n} if one of them matters for your visit.`,
        `Attribute details like these are updated by the source over time; confirm any that are essential to you.`,
        `If an accessibility or payment detail is important to you, it is worth double-checking it with ${n}.`,
        `The features listed for ${n} reflect the source data when it was collected and may since have changed.`,
      ]),
    );
  }
  return out.length > 0 ? out : null;
}

function itemsOnPage(f: SeoFacts): string {
  const items: string[] = [];
  if (f.address) items.push('address');
  if (f.hasPhone) items.push('phone number');
  if (f.hasWebsite) items.push('website link');
  if (f.hours) items.push('opening hours');
  if (f.rating) items.push('rating');
  if (f.description) items.push('description');
  if (items.length === 0) items.push('category', 'location');
  return joinList(items);
}

function guidanceParagraph(f: SeoFacts, r: Chooser): Paragraph {
  const n = f.name;
  const c = f.category;
  const out: string[] = [];
  if (f.hasPhone && f.hasWebsite) {
    out.push(
      r.pick([
        `Both a phone number and a website are listed, so you can call ${n} or visit its site to check current details.`,
        `The listing includes a phone number as well as a website, giving two ways to reach ${n} before you go.`,
      ]),
    );
  } else if (f.hasPhone) {
    out.push(
      r.pick([
        `A phone number is listed for ${n}; calling ahead is the quickest way to confirm hours and availability.`,
        `No website is on file, so the phone number on this page is the main way to get in touch with ${n}.`,
      ]),
    );
  } else if (f.hasWebsite) {
    out.push(
      r.pick([
        `The listing links to a website but gives no phone number, so the site is the place to look for current information.`,
        `There is no phone number on file for ${n}, but its listed website may carry up-to-date details.`,
      ]),
    );
  } else {
    out.push(
      r.pick([
        `No phone number or website is on file for ${n}, so the location details are the main thing to go on.`,
        `The listing has neither a phone number nor a website, which makes it worth confirming details in person or through another source.`,
      ]),
    );
  }
  if (f.city) {
    out.push(
      r.pick([
        `To compare other businesses in ${f.city}, open the ${f.city} city page, which lists every business the directory holds there.`,
        `The ${f.city} page of the directory gathers all the businesses listed for that city${c ? `, including other ${c} listings` : ''}.`,
        `If ${n} is not quite what you need, the ${f.city} page shows the other businesses in the directory for that city.`,
      ]),
    );
  }
  if (c) {
    out.push(
      r.pick([
        `Businesses in the ${c} category differ in the services they offer, so check with ${n} that it covers what you are looking for.`,
        `Listings under ${c} can cover a wide range of services; the category alone does not say exactly what ${n} provides.`,
        `A category such as ${c} is a broad label, so the specific services ${n} offers are worth confirming directly.`,
      ]),
      r.pick([
        `The ${c} category page collects listings of this kind from every city in the directory.`,
        `Browsing the ${c} category shows similar listings elsewhere, which can help when comparing options.`,
        `For a wider view, the ${c} category page lists comparable businesses across all cities.`,
      ]),
    );
  }
  out.push(
    r.pick([
      `The information here was collected from public online sources and may be out of date or incomplete, so confirm anything important directly with ${n}.`,
      `This directory is free to use and its data comes from public sources; details for ${n} can change without notice, so check them before relying on them.`,
      `Like every listing here, the entry for ${n} is built from public data that may be inaccurate, so verify key details first.`,
      `Because the listing is compiled from publicly available data, it may not reflect recent changes at ${n}.`,
    ]),
    r.pick([
      `This page brings together the ${itemsOnPage(f)} on file for ${n}.`,
      `Use this page as a starting point: it shows the ${itemsOnPage(f)} we hold for ${n}.`,
      `Everything shown for ${n} here, from the ${itemsOnPage(f)}, comes from the listing data.`,
    ]),
  );
  return r.shuffle(out);
}

/** Extra sentences, each true of any listing, used only until the text reaches MIN_ABOUT_WORDS. */
function fillerSentences(f: SeoFacts, r: Chooser): string[] {
  const n = f.name;
  const c = f.category ?? 'this kind of';
  const where = f.city ?? f.place;
  const pool = [
    `Details such as prices, bookings and the exact services available are not part of this listing, so ask ${n} about them directly.`,
    `When comparing ${c} listings, the location, the hours on file and the ways to get in touch usually narrow the choice quickly.`,
    `Checking before you visit can save a wasted trip if hours or plans at ${n} have changed.`,
    `The directory is organised by city and by category, so ${n} also appears alongside other ${c} listings.`,
    `You can use the search on the home page to look for ${c} services${where ? ` in ${where}` : ''} or nearby.`,
    `Owners who spot an error in this listing can reach the directory team through the Contact page.`,
    `Saving this page lets you come back to the details for ${n} quickly when you need them.`,
    where
      ? `If you are new to ${where}, its city page is a quick way to see what else the directory lists there.`
      : `The cities page lists every location the directory covers, which helps when looking further afield.`,
    `Nothing on this page is an endorsement; it is a summary of the data held for ${n}.`,
  ];
  if (f.address) {
    pool.push(
      `Map directions depend on the address on file, so double-check it before you set out for ${n}.`,
    );
  }
  return r.shuffle(pool);
}

/** Builds the text: paragraphs separated by blank lines, at least MIN_ABOUT_WORDS words. */
export function buildAboutText(f: SeoFacts, r: Chooser): string {
  const middle = [ratingParagraph(f, r), hoursParagraph(f, r)];
  const details = detailsParagraph(f, r);
  if (details) middle.push(details);
  const paragraphs: Paragraph[] = [identityParagraph(f, r), ...r.shuffle(middle), guidanceParagraph(f, r)];

  let words = paragraphs.reduce((sum, p) => sum + p.reduce((s, sentence) => s + countWords(sentence), 0), 0);
  if (words < MIN_ABOUT_WORDS) {
    const extra: string[] = [];
    for (const sentence of fillerSentences(f, r)) {
      if (words >= MIN_ABOUT_WORDS) break;
      extra.push(sentence);
      words += countWords(sentence);
    }
    paragraphs.push(extra);
  }
  return paragraphs
    .filter((p) => p.length > 0)
    .map((p) => p.join(' '))
    .join('\n\n');
}
