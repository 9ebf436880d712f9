/** Where autosave keeps the work in browser storage (keep.ts), apart so the page's entry can look. */
export const WORK_KEY = 'netfilter-lab:work';
