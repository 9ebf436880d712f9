/** The parsed ruleset printed back by the engine, in the form the reader picks. */
import { useMemo, useState } from 'react';
import type { DumpFormat, Ruleset } from '../../engine/rules/model.ts';
import { printList } from '../../engine/rules/list-printer.ts';
import { printS } from '../../engine/rules/s-printer.ts';
import { printSave } from '../../engine/rules/save-printer.ts';

const FORMS: { format: DumpFormat; label: string }[] = [
  { format: 'save', label: 'iptables-save' },
  { format: 'S', label: 'iptables -S' },
  { format: 'L', label: 'iptables -L -n -v' },
];

function print(ruleset: Ruleset, format: DumpFormat): string {
  if (format === 'S') return printS(ruleset, { headings: true });
  if (format === 'L') return printList(ruleset, { headings: true });
  return printSave(ruleset);
}

export function CanonicalText({ ruleset }: { ruleset: Ruleset }) {
  const [format, setFormat] = useState<DumpFormat>('save');
  const text = useMemo(() => print(ruleset, format), [ruleset, format]);
  return (
    <section aria-labelledby="canonical-title">
      <div className="panel-head">
        <h2 id="canonical-title">Printed back</h2>
        <div role="radiogroup" aria-label="Print as" className="choices">
          {FORMS.map((f) => (
            <label key={f.format}>
              <input
                type="radio"
                name="canonical-format"
                value={f.format}
                checked={format === f.format}
                onChange={() => setFormat(f.format)}
              />
              <code>{f.label}</code>
            </label>
          ))}
        </div>
      </div>
      <pre data-testid="canonical-text">{text}</pre>
    </section>
  );
}
