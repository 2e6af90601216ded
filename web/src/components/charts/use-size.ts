import { useLayoutEffect, useRef, useState } from 'react';

/** Drawn at this size where the box has none yet (hidden, or a test's document without layout). */
const FALLBACK = { width: 600, height: 240 };

/**
 * The size of the box a chart draws in, measured before the first paint and again as it changes
 * (a window turned to landscape, the sidebar folded).
 */
export function useSize<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      const { width, height } = box.getBoundingClientRect();
      const next = { width: Math.floor(width) || FALLBACK.width, height: Math.floor(height) || FALLBACK.height };
      setSize((current) => (current?.width === next.width && current.height === next.height ? current : next));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return [ref, size] as const;
}
