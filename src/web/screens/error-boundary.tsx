// Catches render errors below it and shows the matching error screen (spec 2.2): a
// chunk-load failure becomes "The application has been updated", API statuses 404/403/500
// their screens, anything else "Critical Error". Errors are reported when Sentry is on.
import { Component, type ReactNode } from 'react';
import { reportError } from '../monitoring.ts';
import { ErrorScreen } from './error-screen.tsx';
import { screenForError } from './error-texts.ts';

interface Props {
  children: ReactNode;
  /** Render inside the shell rather than full page. */
  inline?: boolean;
  /** Changing this key clears the error (e.g. the location). */
  resetKey?: unknown;
}
interface State { error: unknown; key: unknown }

export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, key: undefined };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.key) return { key: props.resetKey, error: state.key === undefined ? state.error : null };
    return null;
  }

  componentDidCatch(error: unknown): void {
    reportError(error);
  }

  render() {
    if (this.state.error) {
      const { kind, status } = screenForError(this.state.error);
      // "The application has been updated" always takes the whole page (spec 2.1).
      return <ErrorScreen kind={kind} status={status} inline={this.props.inline && kind !== 'updated'} />;
    }
    return this.props.children;
  }
}
