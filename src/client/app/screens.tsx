import { type ComponentType, lazy } from 'react';

/** A screen in its own chunk that can be asked to start downloading before it renders. */
export type PreloadableScreen<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A screen in its own chunk, rendered at once when the chunk is already in. React's own `lazy` suspends at
 * a component's first render even when its module has arrived, and every fallback it shows holds the content
 * behind it back for at least 300 ms: an admin page opened from its address waited twice so, three quarters
 * of a second, with every chunk and reply long in.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableScreen<P> {
  let Loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= load().then((Screen) => {
      Loaded = Screen;
      return { default: Screen };
    });
    return loading;
  };
  const Lazy = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen at module level, as `lazy` makes its own.
  function Screen(props: P) {
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Screen, { preload });
}

/** The site's own not-found page: shown for unknown addresses, and under /admin to anyone not signed in. */
export const NotFoundRoute = preloadable(() => import('./routes/not-found.tsx').then((module) => module.NotFoundRoute));
