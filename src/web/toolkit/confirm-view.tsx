// The confirm dialog's view (Primer Dialog), loaded by ConfirmHost on first use.
import { Dialog } from '@primer/react';
import type { ConfirmOptions } from './confirm-dialog.tsx';

export default function ConfirmView({ opts, labels, onClose, onCancel, onConfirm }: {
  opts: ConfirmOptions;
  labels: { confirm: string; cancel: string };
  onClose: () => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      title={opts.title}
      role="alertdialog"
      onClose={onClose}
      footerButtons={[
        { content: labels.cancel, onClick: onCancel },
        { content: labels.confirm, buttonType: opts.danger ? 'danger' : 'primary', onClick: onConfirm },
      ]}
    >
      {opts.content}
    </Dialog>
  );
}
