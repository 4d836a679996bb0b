// js-yaml ships no types; the tests use only its loader.
declare module 'js-yaml' {
  export function load(text: string): unknown;
}
