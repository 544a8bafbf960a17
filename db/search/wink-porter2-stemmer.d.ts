// The stemmer ships without types: one function from a word to its Snowball (Porter2) stem.
declare module 'wink-porter2-stemmer' {
  export default function stem(word: string): string;
}
