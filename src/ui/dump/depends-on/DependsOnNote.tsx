/**
 * Under the trace result: an outcome that rests on a set no text defines (or on a match the
 * simulator cannot evaluate) is unknown, and the Result box says so, not only the player.
 */
import { useLang } from '../../i18n/index.ts';
import { dependsOnText } from './strings.ts';

export function DependsOnNote({ dependsOn }: { dependsOn: readonly string[] | undefined }) {
  const lang = useLang();
  if (!dependsOn?.length) return null;
  return (
    <p className="banner warning" data-testid="result-depends-on">
      {dependsOnText(dependsOn, lang)}
    </p>
  );
}
