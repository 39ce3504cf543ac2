// Default button labels of the confirm dialog (spec 8): Yes / No, or Ok / Cancel.
export function confirmLabels(opts: { confirmLabel?: string; cancelLabel?: string; variant?: 'yes-no' | 'ok-cancel' }): { confirm: string; cancel: string } {
  const okCancel = opts.variant === 'ok-cancel';
  return {
    confirm: opts.confirmLabel ?? (okCancel ? 'Ok' : 'Yes'),
    cancel: opts.cancelLabel ?? (okCancel ? 'Cancel' : 'No'),
  };
}
