/** Small inline icons for the player's buttons (no icon font to load). */
const PATHS = {
  back: 'M12 3v10L4 8zM2 3h2v10H2z',
  play: 'M4 2v12l10-6z',
  pause: 'M4 2h3v12H4zM9 2h3v12H9z',
  forward: 'M4 3v10l8-5zM12 3h2v10h-2z',
  first: 'M2 3h2v10H2zM9 3v10L4 8zM15 3v10l-5-5z',
  last: 'M1 3v10l5-5zM7 3v10l5-5zM12 3h2v10h-2z',
} as const;

export function Icon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="currentColor" />
    </svg>
  );
}
