/** The example picker's words, in English and Korean. */
export interface ExampleStrings {
  button: string;
  heading: string;
  close: string;
  /** "4 pods": one version of an example's cluster */
  version: (label: string) => string;
}

export const strings: { en: ExampleStrings; ko: ExampleStrings } = {
  en: {
    button: 'Examples',
    heading: 'Open an example',
    close: 'Close',
    version: (label) => `Open with ${label}`,
  },
  ko: {
    button: '예제',
    heading: '예제 열기',
    close: '닫기',
    version: (label) => `${label}로 열기`,
  },
};
