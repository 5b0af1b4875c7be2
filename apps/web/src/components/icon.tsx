import type { IconNode } from 'lucide';

/**
 * An icon of the design system (docs/design.md §10): lucide's drawing (`import { House } from 'lucide'`: the
 * icon's shapes as data, nothing else) as an inline SVG in the text's colour. No hooks and no client boundary,
 * so a server component draws it into the HTML and a page's JavaScript carries only the icons its islands draw
 * themselves (lucide-react's component, a client one, put its runtime on every first load). Decorative: the
 * control it sits in carries the name.
 */
export function Icon({
  node,
  size = 24,
  strokeWidth = 2,
  className,
}: {
  node: IconNode;
  size?: number;
  strokeWidth?: number;
  className?: string;
}) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      {node.map(([Shape, attributes], at) => (
        // A drawing's shapes never move: their place is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Shape key={at} {...attributes} />
      ))}
    </svg>
  );
}
