// confirm(): a promise-based confirm dialog (spec 4, 8). The buttons resolve 'confirm' or
// 'cancel'; closing the dialog (Escape, the close button) rejects. Defaults: Yes / No,
// or Ok / Cancel with variant 'ok-cancel'. <ConfirmHost/> is mounted once by the app; the
// dialog itself (Primer) loads when the first confirm is asked.
import { observable } from '@legendapp/state';
import { useSelector } from '@legendapp/state/react';
import { lazy, Suspense, type ReactNode } from 'react';

import { confirmLabels } from './confirm-labels.ts';

export { confirmLabels };

const ConfirmView = lazy(() => import('./confirm-view.tsx'));

export type ConfirmResult = 'confirm' | 'cancel';

export interface ConfirmOptions {
  title: string;
  content?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  variant?: 'yes-no' | 'ok-cancel';
  danger?: boolean;
}

export class ConfirmClosed extends Error {
  constructor() { super('Dialog closed'); this.name = 'ConfirmClosed'; }
}

interface Pending { id: number; opts: ConfirmOptions; resolve: (r: ConfirmResult) => void; reject: (e: unknown) => void }

const queue$ = observable<Pending[]>([]);
let seq = 0;

export function confirm(opts: ConfirmOptions): Promise<ConfirmResult> {
  return new Promise((resolve, reject) => {
    queue$.set([...queue$.peek(), { id: ++seq, opts, resolve, reject }]);
  });
}

function settle(id: number, fn: (p: Pending) => void) {
  const list = queue$.peek();
  const p = list.find((x) => x.id === id);
  queue$.set(list.filter((x) => x.id !== id));
  if (p) fn(p);
}

export function ConfirmHost() {
  const queue = useSelector(() => queue$.get());
  const current = queue[0];
  if (!current) return null;
  const { opts, id } = current;
  return (
    <Suspense fallback={null}>
      <ConfirmView
        key={id}
        opts={opts}
        labels={confirmLabels(opts)}
        onClose={() => settle(id, (p) => p.reject(new ConfirmClosed()))}
        onCancel={() => settle(id, (p) => p.resolve('cancel'))}
        onConfirm={() => settle(id, (p) => p.resolve('confirm'))}
      />
    </Suspense>
  );
}
