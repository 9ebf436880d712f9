/** The top bar: the title, where the rules come from, the node on screen, language and theme. */
import { useLayoutEffect, useRef } from 'react';
import { useT } from '../i18n/index.ts';
import { useSummary } from '../queries/scenario.ts';
import { useShownFamily } from '../family/use-shown-family.ts';
import { useScenario, type SourceMode } from '../stores/scenario-store.ts';
import { useUi } from '../stores/ui-store.ts';
import { ShareMenu } from '../share/ShareMenu.tsx';
import { ExamplePicker } from '../scenarios/ExamplePicker.tsx';
import { LessonsButton } from '../lessons/LessonChrome.tsx';

function NodeSelect() {
  const t = useT();
  const node = useScenario((s) => s.node);
  const setNode = useScenario((s) => s.setNode);
  const mode = useScenario((s) => s.mode);
  const summary = useSummary();
  // the node's address of the family whose rules are on screen
  const family = useShownFamily(summary?.families);
  if (mode !== 'cluster') return null;
  const nodes = summary?.nodes ?? [];
  const shown = nodes.find((n) => n.name === node);
  const ip = family === 'ipv6' ? shown?.ipv6 : shown?.ip;
  // a cloud node's name is long: the select shows it whole (its address beside it, wrapping
  // under it on a phone), not cut to make room for the address
  return (
    <label className="field inline node-field">
      <span>{t.node}</span>
      <select
        value={node}
        onChange={(e) => setNode(e.target.value)}
        data-testid="node-select"
        disabled={nodes.length === 0}
      >
        {nodes.length === 0 ? <option value={node}>{t.noNodes}</option> : null}
        {nodes.map((n) => (
          <option key={n.name} value={n.name}>
            {n.name}
          </option>
        ))}
      </select>
      {ip ? (
        <span className="node-ip" data-testid="node-ip">
          {ip}
        </span>
      ) : null}
    </label>
  );
}

function Segmented<T extends string>(props: {
  label: string;
  value: T;
  options: { value: T; label: string; lang?: string }[];
  onChange(v: T): void;
  testId: string;
}) {
  return (
    <div role="group" aria-label={props.label} className="segmented" data-testid={props.testId}>
      {props.options.map((o) => (
        <button
          key={o.value}
          type="button"
          lang={o.lang}
          aria-pressed={props.value === o.value}
          onClick={() => props.onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

/**
 * Publishes where the header ends (`--header-bottom`), so what floats below it (the share link's
 * notices) starts under the header's last row when it wraps, never over its controls.
 */
function useHeaderBottom() {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const publish = () =>
      document.documentElement.style.setProperty(
        '--header-bottom',
        `${Math.round(el.getBoundingClientRect().bottom)}px`,
      );
    publish();
    if (typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver(publish);
    watch.observe(el);
    return () => watch.disconnect();
  }, []);
  return ref;
}

export function Header() {
  const t = useT();
  const lang = useUi((s) => s.lang);
  const setLang = useUi((s) => s.setLang);
  const theme = useUi((s) => s.theme);
  const setTheme = useUi((s) => s.setTheme);
  const mode = useScenario((s) => s.mode);
  const setMode = useScenario((s) => s.setMode);
  const header = useHeaderBottom();
  return (
    <header className="app-header" ref={header}>
      <a className="skip-link" href="#main-views">
        {t.skipToMain}
      </a>
      <div className="brand">
        <h1>{t.appTitle}</h1>
        <p className="tagline">{t.tagline}</p>
      </div>
      <div className="header-controls">
        <LessonsButton />
        <ExamplePicker />
        <Segmented<SourceMode>
          label={t.source}
          value={mode}
          onChange={setMode}
          testId="mode-switch"
          options={[
            { value: 'cluster', label: t.modeCluster },
            { value: 'dump', label: t.modeDump },
          ]}
        />
        <NodeSelect />
        <Segmented
          label={t.language}
          value={lang}
          onChange={setLang}
          testId="lang-switch"
          options={[
            { value: 'en', label: 'EN', lang: 'en' },
            { value: 'ko', label: '한국어', lang: 'ko' },
          ]}
        />
        <Segmented
          label={t.theme}
          value={theme}
          onChange={setTheme}
          testId="theme-switch"
          options={[
            { value: 'light', label: t.themeLight },
            { value: 'dark', label: t.themeDark },
          ]}
        />
        <ShareMenu />
      </div>
    </header>
  );
}
