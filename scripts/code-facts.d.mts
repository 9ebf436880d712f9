export const FILE_LIMIT: number;
export const FUNCTION_LIMIT: number;
export function isTestFile(file: string): boolean;

export interface FolderRow {
  folder: string;
  files: number;
  lines: number;
  codeLines: number;
  testFiles: number;
  testLines: number;
}
export interface LongFile {
  file: string;
  lines: number;
  codeLines: number;
}
export interface FunctionFact {
  name: string;
  /** file:line, the file relative to src/ */
  at: string;
  lines: number;
  codeLines: number;
}
export interface RulesImport {
  /** file:line, relative to src/ */
  from: string;
  to: string;
  typeOnly: boolean;
}
export interface MutableBinding {
  file: string;
  name: string;
  kind: 'let' | 'var';
  exported: boolean;
  line: number;
}
export interface CodeFacts {
  root: string;
  folders: FolderRow[];
  totals: { files: number; lines: number; codeLines: number; testFiles: number; testLines: number };
  filesOver500: LongFile[];
  testFilesOver500: LongFile[];
  longestFunctions: FunctionFact[];
  functionsOver120: number;
  importsIntoRulesInternals: RulesImport[];
  testImportsIntoRulesInternals: RulesImport[];
  rulesMutableBindings: MutableBinding[];
  largestFolders: { folder: string; files: number; withTests: number }[];
  engineImportCycle: string[] | null;
  readmeLines: number | null;
}
export function codeFacts(root: string, options?: { withTests?: boolean }): CodeFacts;
export function factsText(facts: CodeFacts): string;
