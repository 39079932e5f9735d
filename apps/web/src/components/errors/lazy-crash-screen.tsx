import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { CrashScreenProps } from './crash-screen';

// The crash screen and what it shows (accordion, code block) load when a crash happens: every
// page's first load would otherwise carry them for a screen it almost never shows.
const CrashScreen = lazy(async () => ({ default: (await import('./crash-screen')).CrashScreen }));

/** When the crash screen's own code cannot load (the network is gone): the same words, unstyled. */
function PlainCrashScreen() {
  return (
    <div role="alert" style={{ padding: 32, fontFamily: 'system-ui, sans-serif' }}>
      <h2 style={{ fontSize: 22 }}>There was an error processing your request</h2>
      <button type="button" onClick={() => window.location.reload()}>
        Back
      </button>
    </div>
  );
}

class LoadFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <PlainCrashScreen /> : this.props.children;
  }
}

/** The crash screen (spec section 2), its code loaded when it is first shown. */
export function LazyCrashScreen(props: CrashScreenProps) {
  return (
    <LoadFailure>
      <Suspense fallback={null}>
        <CrashScreen {...props} />
      </Suspense>
    </LoadFailure>
  );
}
