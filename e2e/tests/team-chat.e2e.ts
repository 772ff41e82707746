import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from '../support/axe.js';
import { screenshot } from '../support/browser.js';
import { adminApi, kioskApi, openStage, type Stage } from '../support/stage.js';

const ADMIN = { username: 'admin', password: 'Team-Chat-Passw0rd!' };
const COLLEAGUE_PASSWORD = 'Colleague-Passw0rd!';

/**
 * Live chat for a team: an operator keeps saved replies (added and edited on Live Chat), and a
 * visitor's chat from the kiosk gets one inserted by "/" + code, in the visitor's language.
 */
describe('team live chat: saved replies and assignment', () => {
  let stage: Stage;
  let op: Page;
  let kiosk: Page;
  const o = (id: string) => op.getByTestId(id);
  const k = (id: string) => kiosk.getByTestId(id);

  beforeAll(async () => {
    stage = await openStage({
      admin: ADMIN,
      device: { description: 'Team Chat Lobby', languages: ['english', 'cantonese'] },
    });
    ({ op, kiosk } = stage);
  });
  afterAll(async () => {
    await stage?.close();
  });

  it('adds and edits a saved reply on Live Chat, with axe finding nothing', async () => {
    await op.goto('/chat');
    await o('chat-canned-open').click();
    await o('canned-replies-dialog').waitFor();
    await o('canned-empty').waitFor();
    expect(describeViolations(await axeViolations(op, 'saved replies, empty'))).toBe('');
    await o('canned-add').click();
    await o('canned-reply-dialog').waitFor();
    // A code with a space is refused with the rule, in words.
    await o('canned-code').fill('lost found');
    await o('dialog-submit').click();
    await expect
      .poll(() => o('canned-reply-dialog').innerText())
      .toContain('Use letters, digits, - and _ only');
    await o('canned-code').fill('lost');
    await o('canned-text-english').fill('Lost property is kept at the information desk on level 1.');
    expect(describeViolations(await axeViolations(op, 'saved reply form'))).toBe('');
    await o('dialog-submit').click();
    await o('canned-row-lost').waitFor();
    // Edited: the new text is what the list shows.
    await o('canned-edit-lost').click();
    await o('canned-text-english').fill('Lost property is kept at the information desk on level 2.');
    await o('dialog-submit').click();
    await expect.poll(() => o('canned-row-lost').innerText()).toContain('level 2');
    expect(describeViolations(await axeViolations(op, 'saved replies, one'))).toBe('');
    await o('canned-close').click();
  });

  it('inserts a saved reply by typing / and its code, and it reaches the kiosk', async () => {
    await k('kiosk-staff-chat').click();
    await k('kiosk-staff-name').fill('Lin');
    await k('kiosk-staff-start').click();
    await k('kiosk-staff-input').fill('I lost my umbrella');
    await k('kiosk-staff-send').click();

    const entry = op.locator('[data-testid^="chat-enduser-"]').first();
    await entry.waitFor({ timeout: 10_000 });
    await entry.click();
    await o('chat-input').fill('/lo');
    await o('chat-canned-option-lost').waitFor();
    expect(describeViolations(await axeViolations(op, 'reply box with saved replies'))).toBe('');
    await screenshot(op, 'chat-canned-1440');
    await op.keyboard.press('Enter');
    expect(await o('chat-input').inputValue()).toBe(
      'Lost property is kept at the information desk on level 2.',
    );
    await o('chat-send').click();
    await expect
      .poll(() => k('kiosk-staff-message').last().innerText(), { timeout: 10_000 })
      .toContain('information desk on level 2');
    // From the menu too.
    await o('chat-canned-menu').click();
    await o('chat-canned-pick-lost').click();
    expect(await o('chat-input').inputValue()).toContain('level 2');
    await o('chat-input').fill('');
    await kiosk.setViewportSize({ width: 1080, height: 1920 });
    await screenshot(kiosk, 'kiosk-staff-chat-canned');
    await op.setViewportSize({ width: 390, height: 844 });
    await o('chat-input').fill('/');
    await o('chat-canned-option-lost').waitFor();
    await screenshot(op, 'chat-canned-390');
    await o('chat-input').fill('');
    await op.setViewportSize({ width: 1440, height: 900 });
  });

  it('takes the chat: it shows as assigned, under Mine and not under Unassigned; unassigned again', async () => {
    expect(await o('chat-assignee').innerText()).toBe('Unassigned');
    await o('chat-take').click();
    await expect.poll(() => o('chat-assignee').innerText()).toBe('Assigned to admin');
    const entries = op.getByTestId('chat-enduser-name');
    await o('chat-filter-unassigned').click();
    await expect.poll(() => entries.count()).toBe(0);
    await o('chat-filter-mine').click();
    await expect.poll(() => entries.count()).toBe(1);
    expect(await o('chat-enduser-assignee').innerText()).toBe('Assigned to admin');
    expect(describeViolations(await axeViolations(op, 'chat, taken, Mine'))).toBe('');
    await screenshot(op, 'chat-assigned-1440');
    await o('chat-unassign').click();
    await expect.poll(() => o('chat-assignee').innerText()).toBe('Unassigned');
    await expect.poll(() => entries.count()).toBe(0);
    await o('chat-filter-all').click();
    await expect.poll(() => entries.count()).toBe(1);
    expect(stage.errors).toEqual([]);
  });

  it('gives the chat to a colleague from the picker, which lists only Live Chat operators', async () => {
    const user = (username: string, pages: string[]) =>
      stage.api.post('/admin_settings/users', {
        username,
        password: COLLEAGUE_PASSWORD,
        role_id: 1,
        page_access: pages,
        is_password_expired: false,
      });
    await user('mei', ['/chat']);
    await user('writer', ['/ai']);
    await o('chat-assign-open').click();
    await o('chat-assign-option-mei').waitFor();
    expect(await o('chat-assign-menu').innerText()).not.toContain('writer');
    expect(describeViolations(await axeViolations(op, 'assign picker'))).toBe('');
    await screenshot(op, 'chat-assign-picker-1440');
    await o('chat-assign-option-mei').click();
    await expect.poll(() => o('chat-assignee').innerText()).toBe('Assigned to mei');
    await expect.poll(() => o('chat-enduser-assignee').innerText()).toBe('Assigned to mei');
  });

  it('filters the list by a label in use on the device’s chats', async () => {
    // A second visitor, without the tag, whose chat a colleague has read (so none waits).
    const sam = await kioskApi(stage.server.url, stage.device.device_key)('/chats', {
      language: 'english',
      name: 'Sam',
    });
    await fetch(`${stage.server.url}/admin_panel/chat/history/${sam.session_id}`, {
      headers: stage.api.headers,
    });
    const entries = op.getByTestId('chat-enduser-name');
    await expect.poll(() => entries.count(), { timeout: 10_000 }).toBe(2);
    await o('chat-edit').click();
    await o('chat-edit-tags').fill('VIP');
    await op.keyboard.press('Enter');
    await o('dialog-submit').click();
    await expect.poll(() => o('chat-header').innerText()).toContain('VIP');
    await o('chat-tag-filter').click();
    await o('chat-tag-option-VIP').click();
    await expect.poll(() => entries.allInnerTexts()).toEqual(['Lin']);
    expect(describeViolations(await axeViolations(op, 'chat list, label filter'))).toBe('');
    await screenshot(op, 'chat-label-filter-1440');
    await o('chat-tag-filter').click();
    await o('chat-tag-option-all').click();
    await expect.poll(() => entries.count()).toBe(2);
    expect(stage.errors).toEqual([]);
  });

  it('ends the chat after a confirm; the kiosk asks how satisfied the visitor was; the answer shows', async () => {
    await o('chat-end').click();
    await o('end-chat-dialog').waitFor();
    expect(describeViolations(await axeViolations(op, 'end chat confirm'))).toBe('');
    await o('end-chat-confirm').click();
    await expect.poll(() => o('chat-header').innerText()).toContain('Ended');
    expect(await o('chat-end').count()).toBe(0);
    await expect
      .poll(() => k('kiosk-staff-ended').innerText(), { timeout: 10_000 })
      .toBe('This chat has ended.');
    await k('kiosk-staff-rating').waitFor();
    expect(describeViolations(await axeViolations(kiosk, 'kiosk chat ended, satisfaction'))).toBe('');
    await screenshot(kiosk, 'kiosk-staff-chat-rating');
    await k('kiosk-staff-rate-4').click();
    await expect.poll(() => k('kiosk-staff-rated').innerText()).toBe('Thank you for your feedback.');
    await expect.poll(() => o('chat-header-rating').innerText(), { timeout: 10_000 }).toBe('Rated 4/5');
    await expect.poll(() => o('chat-enduser-rating').innerText()).toBe('Rated 4/5');
    expect(describeViolations(await axeViolations(op, 'chat ended and rated'))).toBe('');
    await screenshot(op, 'chat-rated-1440');
    expect(stage.errors).toEqual([]);
  });

  it('with every operator Away the kiosk says staff are away, still taking a message; back when one is Available', async () => {
    await o('chat-availability-away').click();
    await expect.poll(() => o('chat-availability-away').getAttribute('aria-pressed')).toBe('true');
    await o('chat-assign-open').click();
    await expect.poll(() => o('chat-assign-option-admin').innerText()).toContain('Away');
    expect(await o('chat-assign-option-mei').innerText()).toContain('Available');
    expect(describeViolations(await axeViolations(op, 'availability and picker'))).toBe('');
    await screenshot(op, 'chat-availability-1440');
    await op.keyboard.press('Escape');
    // The colleague steps away too: nobody of the project is Available.
    const mei = await adminApi(stage.server.url, { username: 'mei', password: COLLEAGUE_PASSWORD });
    const away = await fetch(`${stage.server.url}/admin_panel/chat/availability`, {
      method: 'PUT',
      headers: mei.headers,
      body: JSON.stringify({ available: false }),
    });
    expect(away.status).toBe(200);

    await k('kiosk-staff-end').click();
    await k('kiosk-staff-chat').click();
    await k('kiosk-staff-name').fill('Kai');
    await k('kiosk-staff-start').click();
    await expect
      .poll(() => k('kiosk-staff-away').innerText(), { timeout: 10_000 })
      .toContain('Our staff are away right now');
    await k('kiosk-staff-input').fill('Please call me about parking');
    await k('kiosk-staff-send').click();
    await expect.poll(() => k('kiosk-staff-message').last().getAttribute('data-status')).toBe('sent');
    expect(describeViolations(await axeViolations(kiosk, 'kiosk, staff away'))).toBe('');
    await screenshot(kiosk, 'kiosk-staff-away');
    // Back at the desk: the kiosk hears it at once.
    await o('chat-availability-available').click();
    await expect.poll(() => k('kiosk-staff-away').count(), { timeout: 10_000 }).toBe(0);
    expect(stage.errors).toEqual([]);
  });
});
