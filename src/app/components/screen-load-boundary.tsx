import {
  Component,
  lazy,
  useLayoutEffect,
  useRef,
  type ComponentProps,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useT } from '../i18n/use-t';
import { isOnline } from './use-online';

/** A routed screen whose code could not be loaded (offline and never opened, or a newer build). */
export class ScreenLoadError extends Error {
  constructor(cause: unknown) {
    super(`The screen could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ScreenLoadError';
  }
}

// What browsers and Vite's preload say when a module cannot be fetched (Chromium, Firefox, Safari, Vite).
const LOAD_FAILURE = /dynamically imported module|importing a module script failed|unable to preload/i;

/** Whether an error is a screen's code failing to load (not a bug in the screen). */
export const isScreenLoadFailure = (error: unknown): boolean =>
  error instanceof ScreenLoadError || (error instanceof Error && LOAD_FAILURE.test(error.message));

/** Screens whose load failed, to import again when Retry asks. */
const failedScreens = new Set<() => void>();

/** Forgets the failed loads: each of those screens imports again when it next renders. */
export function retryFailedScreens(): void {
  for (const forget of failedScreens) forget();
  failedScreens.clear();
}

/**
 * React.lazy for a routed screen, whose failed load is not final: React.lazy keeps a rejected
 * import for good, so this one starts a fresh import when the screen is opened again (another
 * navigation) or after retryFailedScreens (Retry). At most one import per navigation: React's
 * own second render after an error does not start another. (`any` as in React.lazy's signature:
 * a screen's component, whatever its props.)
 */
export function lazyScreen<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): ComponentType<ComponentProps<T>> {
  type P = ComponentProps<T>;
  let failed = false;
  /** The navigation (location key) whose render started the current import. */
  let startedAt: string | undefined;
  const forget = () => {
    startedAt = undefined;
  };
  const make = (locationKey: string) => {
    startedAt = locationKey;
    return lazy(() =>
      load().catch((cause: unknown) => {
        failed = true;
        failedScreens.add(forget);
        throw new ScreenLoadError(cause);
      }),
    );
  };
  let Loaded: LazyExoticComponent<T> | undefined;
  function LazyScreen(props: P) {
    const { key } = useLocation();
    if (!Loaded || (failed && startedAt !== key)) {
      failed = false;
      Loaded = make(key);
    }
    return <Loaded {...props} />;
  }
  return LazyScreen;
}

function ScreenLoadFailure({ needsConnection, onRetry }: { needsConnection: boolean; onRetry: () => void }) {
  const { t } = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => heading.current?.focus(), []);
  return (
    <section className="coming-soon" role="alert" aria-labelledby="screen-load-title">
      <h1 id="screen-load-title" ref={heading} tabIndex={-1}>
        {needsConnection ? t('shell.screenNeedsConnection') : t('msg.somethingWentWrong')}
      </h1>
      <p className="form-error">{needsConnection ? t('shell.screenNotOpened') : t('shell.screenFailed')}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        {t('shell.retry')}
      </button>
      <Link to="/" className="button button--secondary">
        {t('shell.backToDashboard')}
      </Link>
    </section>
  );
}

type BoundaryProps = {
  /** The location: a change (navigating away) clears the failure. */
  resetKey: string;
  children: ReactNode;
  /** Retry online: a full reload (default), which also picks up a newer build. */
  reload?: () => void;
};
type BoundaryState = { failed: boolean; error: unknown; resetKey: string };

/**
 * Around the routed screen (app-shell.tsx): a screen that throws, or whose code cannot load (an
 * online-only screen never opened on this phone, vite.config.ts), shows what happened, Retry and
 * the way back to the dashboard, instead of blanking the app. Retry reloads the page when online;
 * offline it renders the screen again with a fresh import.
 */
export class ScreenLoadBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { failed: false, error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, error: undefined, resetKey: props.resetKey };
  }

  private readonly retry = () => {
    if (isOnline()) return (this.props.reload ?? (() => window.location.reload()))();
    retryFailedScreens();
    this.setState({ failed: false, error: undefined });
  };

  render() {
    if (!this.state.failed) return this.props.children;
    return <ScreenLoadFailure needsConnection={isScreenLoadFailure(this.state.error)} onRetry={this.retry} />;
  }
}
