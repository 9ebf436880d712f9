/**
 * The question widgets: choose an option, type a number, put items in order, say which chain
 * comes next, pick a rule. Each turns what the learner did into an answer for the runner; none
 * knows which answer is right (the runner decides, in the worker).
 */
import { useState } from 'react';
import type { Lang } from '../i18n/index.ts';
import { pickedRule, type AnswerInput, type AskView } from '../../worker/lessons-protocol.ts';
import { LessonText, pick } from './LessonText.tsx';
import { lessonStrings } from './strings.ts';

interface Props {
  ask: AskView;
  lang: Lang;
  busy: boolean;
  /** the answer last given (kept on screen after a miss so the learner sees what they chose) */
  given: AnswerInput | null;
  onAnswer(a: AnswerInput): void;
}

function Choice({ ask, lang, busy, given, onAnswer }: Props) {
  const chosen = given && 'option' in given ? given.option : null;
  return (
    <div className="lesson-options" role="group" aria-label={pick(ask.prompt, lang).text}>
      {ask.options.map((o) => (
        <button
          key={o.id}
          type="button"
          disabled={busy}
          aria-pressed={chosen === o.id}
          onClick={() => onAnswer({ option: o.id })}
          data-testid={`lesson-option-${o.id}`}
        >
          <LessonText text={o.label} lang={lang} />
        </button>
      ))}
    </div>
  );
}

function NextChain({ ask, lang, busy, given, onAnswer }: Props) {
  const chosen = given && 'chain' in given ? given.chain : null;
  return (
    <div className="lesson-options" role="group" aria-label={pick(ask.prompt, lang).text}>
      {/* a chain's name, or the runner's `(return)` / `(policy)` with a label saying so */}
      {ask.options.map((o) => (
        <button
          key={o.id}
          type="button"
          className={o.id.startsWith('(') ? '' : 'mono'}
          disabled={busy}
          aria-pressed={chosen === o.id}
          onClick={() => onAnswer({ chain: o.id })}
          data-testid={`lesson-chain-${o.id}`}
        >
          <LessonText text={o.label} lang={lang} />
        </button>
      ))}
    </div>
  );
}

function NumberAsk({ lang, busy, onAnswer }: Props) {
  const t = lessonStrings[lang];
  const [text, setText] = useState('');
  const value = Number(text.replace(',', '.'));
  const ok = text.trim() !== '' && Number.isFinite(value);
  return (
    <form
      className="lesson-number"
      onSubmit={(e) => {
        e.preventDefault();
        if (ok) onAnswer({ number: value });
      }}
    >
      <label className="field inline">
        <span>{t.numberLabel}</span>
        <input
          inputMode="decimal"
          value={text}
          onChange={(e) => setText(e.target.value)}
          data-testid="lesson-number"
        />
      </label>
      <button type="submit" className="primary" disabled={busy || !ok} data-testid="lesson-answer">
        {t.answer}
      </button>
    </form>
  );
}

/**
 * An order question builds a sequence from chips: some questions want every item in order (the
 * tables of a hook), some only those that apply (the hooks a packet meets), so the learner adds
 * chips to the answer, moves them and takes them out.
 */
function OrderAsk({ ask, lang, busy, onAnswer }: Props) {
  const t = lessonStrings[lang];
  const [order, setOrder] = useState<string[]>([]);
  const label = (id: string) => pick(ask.items.find((i) => i.id === id)?.label ?? id, lang).text;
  const move = (at: number, by: number) =>
    setOrder((o) => {
      const out = [...o];
      const [item] = out.splice(at, 1);
      if (item !== undefined) out.splice(at + by, 0, item);
      return out;
    });
  return (
    <div className="lesson-order">
      <p className="muted small">{t.orderHelp}</p>
      <div className="lesson-options" role="group" aria-label={t.orderAdd}>
        {ask.items.map((item) => (
          <button
            key={item.id}
            type="button"
            className="mono"
            disabled={busy || order.includes(item.id)}
            onClick={() => setOrder((o) => [...o, item.id])}
            data-testid={`lesson-order-add-${item.id}`}
          >
            + {label(item.id)}
          </button>
        ))}
      </div>
      <ol data-testid="lesson-order" aria-label={t.orderChosen}>
        {order.map((id, i) => (
          <li key={id} data-item={id}>
            <span className="lesson-order-label">{label(id)}</span>
            <button
              type="button"
              disabled={busy || i === 0}
              aria-label={t.moveUp(label(id))}
              onClick={() => move(i, -1)}
            >
              ↑
            </button>
            <button
              type="button"
              disabled={busy || i === order.length - 1}
              aria-label={t.moveDown(label(id))}
              onClick={() => move(i, 1)}
            >
              ↓
            </button>
            <button
              type="button"
              disabled={busy}
              aria-label={t.remove(label(id))}
              onClick={() => setOrder((o) => o.filter((x) => x !== id))}
            >
              ×
            </button>
          </li>
        ))}
      </ol>
      <div className="button-row">
        <button
          type="button"
          className="primary"
          disabled={busy || order.length === 0}
          onClick={() => onAnswer({ order })}
          data-testid="lesson-answer"
        >
          {t.answer}
        </button>
        <button type="button" disabled={busy || order.length === 0} onClick={() => setOrder([])}>
          {t.clear}
        </button>
      </div>
    </div>
  );
}

/**
 * "Click the rule": the rules of the chain in focus, as written, one button each; the answer is
 * the rule's place (table, chain, number), which the runner judges against the trace.
 */
function PickAsk({ ask, lang, busy, given, onAnswer }: Props) {
  const t = lessonStrings[lang];
  const rule = given && 'rule' in given ? given.rule : null;
  const chosen = rule ? `${rule.table}/${rule.chain}/${rule.index}` : null;
  return (
    <div
      className="lesson-options lesson-pick"
      role="group"
      aria-label={pick(ask.prompt, lang).text}
    >
      {ask.options.map((o) => {
        const place = pickedRule(o.id);
        if (!place) return null;
        return (
          <button
            key={o.id}
            type="button"
            className="mono"
            disabled={busy}
            aria-pressed={chosen === o.id}
            onClick={() => onAnswer({ rule: place })}
            data-testid={`lesson-rule-${o.id}`}
          >
            <LessonText text={o.label} lang={lang} />
          </button>
        );
      })}
      <p className="muted small" data-testid="lesson-pick">
        {rule ? t.picked(`${rule.table} ${rule.chain} #${rule.index}`) : t.pickHelp}
      </p>
    </div>
  );
}

export function AskWidget(props: Props) {
  const { ask } = props;
  switch (ask.kind) {
    case 'choice':
      return <Choice {...props} />;
    case 'nextChain':
      return <NextChain {...props} />;
    case 'number':
      return <NumberAsk {...props} />;
    case 'order':
      return <OrderAsk key={ask.items.map((i) => i.id).join()} {...props} />;
    case 'pick':
      return <PickAsk {...props} />;
  }
}
