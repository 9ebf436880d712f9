export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  errors: number;
}
export interface Runner {
  name: string;
  file: string;
  report: object | undefined;
}
export function countReport(report: object): Counts;
export function summarise(
  runners: Runner[],
  failedSteps: string[],
): { lines: string[]; failed: number };
