// The address an approved submission gets. The specification's rule is "name part, hyphen, the first 7
// characters of the place id"; a submission's place id is "submission:<uuid>", whose first 7
// characters would give every one of them the same meaningless "-submiss". The id part is taken from
// the uuid instead ("rosas-bakery-3f9a2c1"), with the importer's own rules for the name part and for
// the longer forms tried when the first is taken. The importer's slug rule itself is unchanged.
import { slugCandidates } from '../import/normalise/slug.ts';

/** place_id of a business that came from the form: never equal to an imported (Google) id. */
export const SUBMISSION_PLACE_ID_PREFIX = 'submission:';

/** The uuid of a submission's place id, without its hyphens ("3f9a2c1e…"). */
export function submissionIdPart(placeId: string): string {
  const reference = placeId.startsWith(SUBMISSION_PLACE_ID_PREFIX)
    ? placeId.slice(SUBMISSION_PLACE_ID_PREFIX.length)
    : placeId;
  return reference.replace(/-/g, '');
}

/** Slugs to try in order: "<name>-<7 of the uuid>", then more of the uuid, then numbered forms. */
export function submissionSlugCandidates(name: string, placeId: string): string[] {
  return slugCandidates(name, submissionIdPart(placeId));
}
