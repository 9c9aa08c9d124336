import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportProblem } from './report';
import { Diagnostic } from './diagnostic';

interface Props {
  file: string;
  pointer: string;
  type: string;
  preview: boolean;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** One boundary per section: a section that throws is reported and replaced, the rest of the page stays. */
export class SectionBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, _info: ErrorInfo): void {
    reportProblem({
      file: this.props.file,
      pointer: this.props.pointer,
      message: `section "${this.props.type}" failed to render: ${error.message}`,
    });
  }

  private retry = (): void => this.setState({ error: null });

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (this.props.preview) {
      return (
        <Diagnostic
          file={this.props.file}
          problems={[
            { pointer: this.props.pointer, message: `section "${this.props.type}" failed to render: ${error.message}` },
          ]}
        />
      );
    }
    return (
      <div className="section-error" role="alert">
        <p>This part of the page could not be shown.</p>
        <button type="button" className="btn btn-secondary" onClick={this.retry}>
          Try again
        </button>
      </div>
    );
  }
}
