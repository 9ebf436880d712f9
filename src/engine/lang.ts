/** The two languages the product speaks: the engine's explanations, lessons and the UI alike. */
export type Lang = 'en' | 'ko';
