// The generated "about" text: 200+ words of plain prose built only from a business's own data.
// Where the data is thin the text explains how to use the listing, the city and category pages and
// how to confirm details — it never fills the gap with claims the data does not make.
// It speaks about the business, never about the page's widgets (stars, badges, buttons), and every
// figure in it is one the page shows (seo-facts.ts). The name appears at most MAX_NAME_MENTIONS
// times; other mentions read "the business" (name-mentions.ts).
// Variety: each slot has several phrasings, paragraph and sentence order vary, and many sentences
// appear only when the data supports them; every choice is seeded from the data, so it is stable.
import {
  dayListLabel,
  dayRangeLabel,
  formatRanges,
  joinList,
  numberWord,
  OPEN_ALL_DAY,
} from './hours-summary.ts';
import { countNameMentions, dropRepeatedNames, NAME, writeNames } from './name-mentions.ts';
import { countWords } from './plain-text.ts';
import type { Chooser } from './seeded-random.ts';
import type { SeoFacts } from './seo-facts.ts';

export const MIN_ABOUT_WORDS = 200;

type Paragraph = string[];

// Templates write the business as N; name-mentions.ts decides which mentions keep the name.
const N = NAME;

function plural(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}

function identityParagraph(f: SeoFacts, r: Chooser): Paragraph {
  const c = f.category;
  const intro = c
    ? f.place
      ? r.pick([
          `${N} is listed in the ${c} category for ${f.place}.`,
          `${N} appears in the directory under ${c}, with ${f.place} given as its location.`,
          `Filed under ${c}, ${N} is a business located in ${f.place}.`,
          `The directory lists ${N} among its ${c} businesses in ${f.place}.`,
          `In ${f.place}, ${N} is listed under ${c}.`,
        ])
      : r.pick([
          `${N} is listed in the ${c} category of the directory.`,
          `${N} appears in the directory under ${c}.`,
          `The directory files ${N} under ${c}.`,
        ])
    : f.place
      ? r.pick([
          `${N} is listed in the directory with ${f.place} given as its location.`,
          `${N} is a business listed in ${f.place}.`,
          `The directory lists ${N} in ${f.place}.`,
        ])
      : r.pick([`${N} has its own entry in this directory.`, `The directory holds an entry for ${N}.`]);

  const rest: string[] = [];
  if (f.address) {
    rest.push(
      r.pick([
        `The address on file is ${f.address}.`,
        `Its recorded address reads ${f.address}.`,
        `According to the listing, it can be found at ${f.address}.`,
        `The street address given for ${N} is ${f.address}.`,
        `For directions, the listing gives the address as ${f.address}.`,
      ]),
    );
  }
  if (f.status === 'OPERATIONAL') {
    rest.push(
      r.pick([
        `The source data marks ${N} as operational.`,
        `The status of ${N} was shown as operational at the time the data was collected.`,
        `According to the data we hold, the status of ${N} is operational.`,
        `The listing gives the status of ${N} as operational.`,
        `When the data was gathered, ${N} was listed as operational.`,
      ]),
    );
  } else if (f.status === 'CLOSED_TEMPORARILY') {
    rest.push(
      r.pick([
        `The listing reports ${N} as temporarily closed, so check whether it has reopened before you visit.`,
        `Its status is recorded as temporarily closed; confirm that ${N} has reopened before making plans.`,
        `According to the data, ${N} is temporarily closed, which makes a quick check before any visit essential.`,
      ]),
    );
  } else if (f.status === 'CLOSED_PERMANENTLY') {
    rest.push(
      r.pick([
        `The listing records ${N} as permanently closed, and its details are kept for reference.`,
        `According to the data, ${N} has closed permanently; its details are kept as a record.`,
        `Its status is recorded as permanently closed, so treat these details as historical.`,
      ]),
    );
  }
  if (f.verified) {
    rest.push(
      r.pick([
        `The directory records the listing for ${N} as verified.`,
        `${N} is marked as verified in the directory.`,
        `The entry for ${N} is a verified listing.`,
        `${N} appears as a verified listing in the data we hold.`,
      ]),
    );
  }
  return [intro, ...r.shuffle(rest)];
}

function ratingParagraph(f: SeoFacts, r: Chooser): Paragraph {
  const count = f.reviewCount;
  const reviews = `${f.reviewCountText} ${plural(count, 'review', 'reviews')}`;
  const out: string[] = [];
  if (f.rating && count > 0) {
    out.push(
      r.pick([
        `${N} has an average rating of ${f.rating} out of 5 from ${reviews}.`,
        `Across ${reviews}, the average rating recorded for ${N} is ${f.rating} out of 5.`,
        `Reviewers have given ${N} an average of ${f.rating} out of 5, based on ${reviews}.`,
        `The listing records an average of ${f.rating} out of 5, drawn from ${reviews}.`,
        `Its rating stands at ${f.rating} out of 5, with ${reviews} on record.`,
      ]),
    );
    if (count < 10) {
      out.push(
        r.pick([
          `With fewer than ten reviews, a single new review can move that average noticeably.`,
          `Because the review count for ${N} is small, the average may shift as more people leave reviews.`,
          `An average built on only a handful of reviews is worth reading with some caution.`,
          `So few reviews mean the score for ${N} could change quickly as new ones arrive.`,
        ]),
      );
    } else if (count >= 100) {
      out.push(
        r.pick([
          `Because the average rests on more than a hundred reviews, one new review changes it only slightly.`,
          `With over a hundred reviews behind it, the average for ${N} is unlikely to swing much from one review to the next.`,
          `That many reviews make the average a steadier figure than one based on just a few opinions.`,
          `A score drawn from more than a hundred reviews gives a broader picture of ${N} than a handful would.`,
        ]),
      );
    }
    out.push(
      r.pick([
        `An average is a summary of past reviews, so weigh it alongside what matters most to you.`,
        `A rating describes past experiences rather than a promise, so use it as one signal among several.`,
        `Ratings are collected from public sources and summarise earlier reviews of ${N}, not today's service.`,
        `Treat the score as a starting point and check the details that matter for your own visit.`,
        `The rating reflects what reviewers reported in the past; ${N} may have changed since.`,
        `Reviews of ${N} were gathered from public sources, so the rating is a summary rather than an inspection.`,
      ]),
    );
  } else if (f.rating) {
    out.push(
      r.pick([
        `A rating of ${f.rating} out of 5 is recorded for ${N}, with no reviews counted behind it.`,
        `The listing gives ${N} a rating of ${f.rating} out of 5 but counts no reviews with it.`,
      ]),
      r.pick([
        `Without a review count it is hard to say how settled that figure is.`,
        `With no reviews counted, read the rating as a rough indication only.`,
      ]),
    );
  } else if (count > 0) {
    // Reviews without a usable average (the file's rating cell was empty or invalid): the count is
    // stated, the average is not invented.
    const them = plural(count, 'it', 'them');
    out.push(
      r.pick([
        `The listing counts ${reviews} for ${N}, but no average rating was recorded with ${them}.`,
        `${N} has ${reviews} on record, though no average rating came with ${them}.`,
        `Although ${reviews} ${plural(count, 'is', 'are')} recorded for ${N}, the data holds no average rating.`,
      ]),
      r.pick([
        `A review count on its own says how many people reviewed ${N}, not how they rated it.`,
        `Without an average, the count alone does not say how those reviewers judged ${N}.`,
        `Until an average is recorded, the category, location and contact details are the better guide.`,
      ]),
    );
  } else {
    out.push(
      r.pick([
        `No reviews are recorded for ${N} yet, so there is no average rating.`,
        `There are no reviews on file for ${N} at the moment, and therefore no rating.`,
        `${N} has no recorded reviews, so no average rating has been worked out for it.`,
        `${N} does not have a rating in our data yet, because no reviews have been recorded.`,
      ]),
      r.pick([
        `Without reviews, the category, location and contact details are the place to start.`,
        `A missing rating says nothing either way about ${N}; it only means no reviews were collected.`,
        `The absence of a rating is not a judgement on ${N}; it simply means there is nothing to average yet.`,
        `With no rating to go on, judge ${N} by its listed details and by asking the business directly.`,
      ]),
    );
  }
  return out;
}

function contactAdvice(f: SeoFacts, r: Chooser): string {
  if (f.hasPhone && f.hasWebsite) {
    return r.pick(['call the listed number or check the website', 'use the listed phone number or website']);
  }
  if (f.hasPhone) return r.pick(['call the listed number', 'ring the listed phone number']);
  if (f.hasWebsite) return r.pick(['check the linked website', 'look at the website the listing links to']);
  return r.pick(['confirm the details through another source', 'check the details locally']);
}

function hoursParagraph(f: SeoFacts, r: Chooser): Paragraph {
  const h = f.hours;
  if (!h) {
    return [
      r.pick([
        `No opening hours are recorded for ${N}.`,
        `The listing does not include opening hours for ${N}.`,
        `Opening hours for ${N} are not part of the data we hold.`,
      ]),
      r.pick([
        `Before you travel, ${contactAdvice(f, r)} to find out when it is open.`,
        `To avoid a wasted journey, ${contactAdvice(f, r)} before setting out.`,
        `It is worth taking a moment to ${contactAdvice(f, r)} before planning a visit around particular times.`,
      ]),
    ];
  }
  const out: string[] = [];
  const known = h.knownDayCount;
  out.push(
    known === 7
      ? r.pick([
          `Opening hours for ${N} are on file for every day of the week.`,
          `Here are the opening hours recorded for ${N}, day by day.`,
          `The listing gives a full weekly schedule for ${N}.`,
          `A complete week of opening hours is recorded for ${N}.`,
        ])
      : r.pick([
          `The listing gives opening hours for ${numberWord(known)} ${plural(known, 'day', 'days')} of the week.`,
          `Opening hours for ${N} are recorded for ${numberWord(known)} ${plural(known, 'day', 'days')} of the week.`,
          `The schedule on file for ${N} covers ${numberWord(known)} ${plural(known, 'day', 'days')} of the week.`,
        ]),
  );
  if (known === 7 && h.openDayCount > 0 && r.chance(0.5)) {
    const open = h.openDayCount;
    out.push(
      open === 7
        ? r.pick([`It is listed as open on all seven days.`, `The schedule has no closing day in the week.`])
        : r.pick([
            `In all, it is listed as open on ${numberWord(open)} ${plural(open, 'day', 'days')} a week.`,
            `That makes ${numberWord(open)} opening ${plural(open, 'day', 'days')} a week.`,
          ]),
    );
  }
  const style = r.pick(['dash', 'words'] as const);
  for (const group of h.openGroups) {
    const label = dayRangeLabel(group.days);
    const on = group.days.length > 2 ? `From ${label}` : `On ${label}`;
    if (group.display === OPEN_ALL_DAY) {
      out.push(r.pick([`${on} it is listed as open 24 hours.`, `${label}: open 24 hours.`]));
      continue;
    }
    const times = formatRanges(group, style);
    out.push(
      style === 'dash'
        ? r.pick([
            `${label}: ${times}.`,
            `The hours for ${label} are ${times}.`,
            `${on} it is open ${times}.`,
          ])
        : r.pick([`${on} it is listed as open ${times}.`, `${label} hours run ${times}.`]),
    );
  }
  if (h.closedDays.length > 0) {
    const days = dayListLabel(h.closedDays);
    out.push(
      r.pick([
        `It is listed as closed on ${days}.`,
        `${days} ${plural(h.closedDays.length, 'is', 'are')} marked as closed.`,
        `${N} is listed as closed on ${days}.`,
        `Expect ${N} to be closed on ${days}, according to the listing.`,
      ]),
    );
  }
  if (h.unknownDays.length > 0) {
    const days = dayListLabel(h.unknownDays);
    out.push(
      r.pick([
        `The listing does not give hours for ${days}.`,
        `No hours are recorded for ${days}, so check before visiting then.`,
        `For ${days}, the data on ${N} has no hours at all.`,
      ]),
    );
  }
  if (h.overnight) {
    out.push(
      r.pick([
        `Some of these hours run past midnight, so the closing time falls on the following day.`,
        `Where a closing time is earlier than the opening time, ${N} stays open past midnight.`,
        `Late closing times here run into the next day, past midnight.`,
      ]),
    );
  }
  if (h.split) {
    out.push(
      r.pick([
        `On some days the hours are split into more than one period, with a break in between.`,
        `Note the split hours on some days: ${N} closes for a while and then opens again.`,
        `The day is divided into separate opening periods on some days, so mind the gap between them.`,
      ]),
    );
  }
  out.push(
    r.pick([
      `${f.city ? `All times are local to ${f.city}` : 'All times are local'}, and hours can differ on public holidays.`,
      `Times are given in local time${f.city ? ` for ${f.city}` : ''}; holiday hours may differ from the regular schedule.`,
      `Hours can change on public holidays or at short notice, so ${contactAdvice(f, r)} if timing matters.`,
      `Public holidays and seasonal changes can alter these hours, so ${contactAdvice(f, r)} before a special trip.`,
    ]),
  );
  return out;
}

function detailsParagraph(f: SeoFacts, r: Chooser): Paragraph | null {
  const out: string[] = [];
  if (f.description) {
    out.push(
      r.pick([
        `The description on file for ${N} reads: “${f.description}”`,
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
      `In the ${g.group.toLowerCase()} section, ${N} is recorded with ${list}.`,
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
        `${list} ${verb} recorded as not available at ${N}.`,
      ]),
    );
  }
  if (f.availableGroups.length > 0 || f.unavailable.length > 0) {
    out.push(
      r.pick([
        `These attributes come from the source data and can change, so ask ${N} if one of them matters for your visit.`,
        `Attribute details like these are updated by the source over time; confirm any that are essential to you.`,
        `If an accessibility or payment detail is important to you, it is worth double-checking it with ${N}.`,
        `The features listed for ${N} reflect the source data when it was collected and may since have changed.`,
      ]),
    );
  }
  return out.length > 0 ? out : null;
}

function detailsOnFile(f: SeoFacts): string {
  const items: string[] = [];
  if (f.address) items.push('address');
  if (f.hasPhone) items.push('phone number');
  if (f.hasWebsite) items.push('website');
  if (f.hours) items.push('opening hours');
  if (f.rating) items.push('rating');
  if (f.description) items.push('description');
  if (items.length === 0) items.push('category', 'location');
  return joinList(items);
}

function guidanceParagraph(f: SeoFacts, r: Chooser): Paragraph {
  const c = f.category;
  const out: string[] = [];
  if (f.hasPhone && f.hasWebsite) {
    out.push(
      r.pick([
        `Both a phone number and a website are listed, so you can call ${N} or visit its site to check current details.`,
        `The listing includes a phone number as well as a website, giving two ways to reach ${N} before you go.`,
      ]),
    );
  } else if (f.hasPhone) {
    out.push(
      r.pick([
        `A phone number is listed for ${N}; calling ahead is the quickest way to confirm hours and availability.`,
        `No website is on file, so the listed phone number is the main way to get in touch with ${N}.`,
      ]),
    );
  } else if (f.hasWebsite) {
    out.push(
      r.pick([
        `The listing links to a website but gives no phone number, so the site is the place to look for current information.`,
        `There is no phone number on file for ${N}, but its listed website may carry up-to-date details.`,
      ]),
    );
  } else {
    out.push(
      r.pick([
        `No phone number or website is on file for ${N}, so the location details are the main thing to go on.`,
        `The listing has neither a phone number nor a website, which makes it worth confirming details in person or through another source.`,
      ]),
    );
  }
  if (f.city) {
    out.push(
      r.pick([
        `To compare other businesses in ${f.city}, open the ${f.city} city page, which lists every business the directory holds there.`,
        `The ${f.city} city page of the directory gathers all the businesses listed for that city${c ? `, including other ${c} listings` : ''}.`,
        `If ${N} is not quite what you need, the ${f.city} city page shows the other businesses in the directory for that city.`,
      ]),
    );
  }
  if (c) {
    out.push(
      r.pick([
        `Businesses in the ${c} category differ in the services they offer, so check with ${N} that it covers what you are looking for.`,
        `Listings under ${c} can cover a wide range of services; the category alone does not say exactly what ${N} provides.`,
        `A category such as ${c} is a broad label, so the specific services ${N} offers are worth confirming directly.`,
      ]),
      r.pick([
        `The ${c} category page collects listings of this kind from every city in the directory.`,
        `Browsing the ${c} category shows similar listings elsewhere, which can help when comparing options.`,
        `For a wider view, the ${c} category page lists comparable businesses across all cities.`,
      ]),
    );
    // The navigation group, unless the category is the group itself ("Restaurants").
    if (c.toLowerCase() !== f.group.toLowerCase()) {
      out.push(
        r.pick([
          `In the directory's navigation, ${c} belongs to the ${f.group} group.`,
          `The ${c} category sits within the directory's ${f.group} section, alongside related kinds of business.`,
          `${c} listings are gathered under ${f.group}, one of the eight broad groups the directory is organised into.`,
        ]),
      );
    }
  }
  out.push(
    r.pick([
      `The information here was collected from public online sources and may be out of date or incomplete, so confirm anything important directly with ${N}.`,
      `This directory is free to use and its data comes from public sources; details for ${N} can change without notice, so check them before relying on them.`,
      `Like every listing in the directory, the entry for ${N} is built from public data that may be inaccurate, so verify key details first.`,
      `Because the listing is compiled from publicly available data, it may not reflect recent changes at ${N}.`,
    ]),
    r.pick([
      `The ${detailsOnFile(f)} on file for ${N} all come from the listing data.`,
      `The directory holds the ${detailsOnFile(f)} of ${N}, taken from the listing data.`,
      `What the directory knows of ${N}, from the ${detailsOnFile(f)}, comes from the listing data.`,
    ]),
  );
  return r.shuffle(out);
}

/** Extra sentences, each true of any listing, used only until the text reaches MIN_ABOUT_WORDS.
 *  The last ones name nothing of the business, so a text that had to drop sentences naming it
 *  (name-mentions.ts) can still be topped up. */
function fillerSentences(f: SeoFacts, r: Chooser): string[] {
  const c = f.category ?? 'this kind of';
  const where = f.city ?? f.place;
  const pool = [
    `Details such as prices, bookings and the exact services available are not part of this listing, so ask ${N} about them directly.`,
    `When comparing ${c} listings, the location, the hours on file and the ways to get in touch usually narrow the choice quickly.`,
    `Checking before you visit can save a wasted trip if hours or plans at ${N} have changed.`,
    `The directory is organised by city and by category, so ${N} also appears alongside other ${c} listings.`,
    `You can use the search on the home page to look for ${c} services${where ? ` in ${where}` : ''} or nearby.`,
    `Owners who spot an error in this listing can reach the directory team through the Contact page.`,
    where
      ? `If you are new to ${where}, its city page is a quick way to see what else the directory lists there.`
      : `The cities page lists every location the directory covers, which helps when looking further afield.`,
    `Being listed is not an endorsement: the entry for ${N} is a summary of the data the directory holds.`,
  ];
  if (f.address) {
    pool.push(
      `Map directions depend on the address on file, so double-check it before you set out for ${N}.`,
    );
  }
  return [
    ...r.shuffle(pool),
    `Opening times, contact details and services can change over time, so a quick check before a visit is always worthwhile.`,
    `Every entry in the directory is built from the same kind of public data, which makes listings easy to compare side by side.`,
    `Anyone who knows of a change, such as a move, new hours or a closure, can tell the directory team through the Contact page.`,
    `Listings are updated when new data is imported, so details that look out of date may be corrected in a later update.`,
  ];
}

function wordsIn(paragraphs: readonly Paragraph[]): number {
  return paragraphs.reduce((sum, p) => sum + p.reduce((s, sentence) => s + countWords(sentence), 0), 0);
}

/** Builds the text: paragraphs separated by blank lines, at least MIN_ABOUT_WORDS words. */
export function buildAboutText(f: SeoFacts, r: Chooser): string {
  const middle = [ratingParagraph(f, r), hoursParagraph(f, r)];
  const details = detailsParagraph(f, r);
  if (details) middle.push(details);
  const paragraphs: Paragraph[] = [identityParagraph(f, r), ...r.shuffle(middle), guidanceParagraph(f, r)];
  const filler = fillerSentences(f, r);
  const extra: Paragraph = [];
  paragraphs.push(extra);

  // N counts as one word, and every way of writing it has at least one: the count holds after naming.
  const topUp = (usable: (sentence: string) => boolean) => {
    let words = wordsIn(paragraphs);
    while (words < MIN_ABOUT_WORDS) {
      const index = filler.findIndex(usable);
      if (index < 0) break;
      const [sentence] = filler.splice(index, 1) as [string];
      extra.push(sentence);
      words += countWords(sentence);
    }
  };
  topUp(() => true);
  // When the data itself repeats the name (a description that quotes it, a category equal to it),
  // sentences carrying it give way, and filler that does not name it makes up the words.
  if (dropRepeatedNames(paragraphs, f.name)) topUp((sentence) => countNameMentions(sentence, f.name) === 0);
  writeNames(paragraphs, f.name, r);
  return paragraphs
    .filter((p) => p.length > 0)
    .map((p) => p.join(' '))
    .join('\n\n');
}
