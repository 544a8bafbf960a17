// Sizes of the public lists, shared by the JSON API and the server render so both answer alike.
export const POPULAR_CITIES = 64;
export const HOME_LIST_SIZE = 12;
export const DEFAULT_LIST_LIMIT = 50;
export const SEARCH_PAGE_SIZE = 20;
