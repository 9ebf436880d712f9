export const SCHEMA_FILE: string;
export function lessonSchemaText(): Promise<string>;
