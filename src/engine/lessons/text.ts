/** Renders a lesson's text: `{{ref}}` becomes the name the learner's own scenario gives it. */
import type { Env } from './env.ts';
import { resolveRef } from './refs.ts';
import type { Text } from './types.ts';

export const PLACEHOLDER = /\{\{\s*([A-Za-z][\w-]*)\s*\}\}/g;

export function renderWith(env: Env, text: Text): Text {
  const refs = env.loaded.lesson.refs ?? {};
  const one = (s: string) =>
    s.replace(PLACEHOLDER, (whole, name: string) => {
      const ref = refs[name];
      if (!ref) return whole;
      return resolveRef(env, ref) ?? `(${name})`;
    });
  return { en: one(text.en), ko: one(text.ko) };
}
