import { describe, expect, it } from 'vitest';
import { TOAST_AUTO_CLOSE_MS, moreNotificationsText, notificationStackMachine } from '../../machines/notification-stack.ts';
import { fullCoverage, testClock } from './helpers.ts';

const coverage = fullCoverage(notificationStackMachine);

function start() {
  const t = testClock();
  const opened: unknown[] = [];
  const logic = notificationStackMachine.provide({
    actions: { openNotifications: ({ context }) => { opened.push(context.current); } },
  });
  const actor = coverage.createActor(logic, { clock: t.clock });
  actor.start();
  const ctx = () => actor.getSnapshot().context;
  return { t, actor, opened, ctx };
}

describe('notification stack machine', () => {
  it('shows the first notification and counts the later ones', () => {
    const { actor, ctx } = start();
    expect(actor.getSnapshot().value).toBe('empty');
    actor.send({ type: 'NOTIFY', notification: { id: 1 } });
    expect(actor.getSnapshot().value).toBe('showing');
    actor.send({ type: 'NOTIFY', notification: { id: 2 } });
    actor.send({ type: 'NOTIFY', notification: { id: 3 } });
    expect(ctx()).toEqual({ current: { id: 1 }, more: 2 });
    expect(moreNotificationsText(ctx().more)).toBe("You've got 2 more notifications");
    expect(moreNotificationsText(1)).toBe("You've got 1 more notification");
  });

  it('runs the callback on click and resets', () => {
    const { actor, opened, ctx } = start();
    actor.send({ type: 'NOTIFY', notification: { id: 1 } });
    actor.send({ type: 'NOTIFY', notification: { id: 2 } });
    actor.send({ type: 'CLICK' });
    expect(opened).toEqual([{ id: 1 }]);
    expect(actor.getSnapshot().value).toBe('empty');
    expect(ctx()).toEqual({ current: null, more: 0 });
    actor.send({ type: 'CLICK' });
    expect(opened).toHaveLength(1);
  });

  it('resets on dismiss, and a new notification starts a fresh stack', () => {
    const { actor, opened, ctx } = start();
    actor.send({ type: 'NOTIFY', notification: 'a' });
    actor.send({ type: 'NOTIFY', notification: 'b' });
    actor.send({ type: 'DISMISS' });
    expect(ctx()).toEqual({ current: null, more: 0 });
    actor.send({ type: 'NOTIFY', notification: 'c' });
    expect(ctx()).toEqual({ current: 'c', more: 0 });
    expect(opened).toEqual([]);
  });

  it('closes by itself 5 s after the last notification', () => {
    const { t, actor } = start();
    actor.send({ type: 'NOTIFY', notification: 'a' });
    t.advance(4000, 100);
    actor.send({ type: 'NOTIFY', notification: 'b' });
    t.advance(TOAST_AUTO_CLOSE_MS - 1, 100);
    expect(actor.getSnapshot().value).toBe('showing');
    t.advance(1);
    expect(actor.getSnapshot().value).toBe('empty');
  });
});
