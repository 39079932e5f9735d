import { Component, type ErrorInfo, type ReactNode } from 'react';
import { LazyCrashScreen } from './lazy-crash-screen';

interface State {
  error: unknown;
  hasError: boolean;
  componentStack: string | null;
}

/** Catches render errors outside the router (providers, the router itself). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, hasError: false, componentStack: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  override componentDidCatch(_error: unknown, info: ErrorInfo): void {
    this.setState({ componentStack: info.componentStack ?? null });
  }

  override render(): ReactNode {
    if (this.state.hasError)
      return <LazyCrashScreen error={this.state.error} componentStack={this.state.componentStack} />;
    return this.props.children;
  }
}
