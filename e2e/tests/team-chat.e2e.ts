import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from '../support/axe.js';
import { screenshot } from '../support/browser.js';
import { openStage, type Stage } from '../support/stage.js';

const ADMIN = { username: 'admin', password: 'Team-Chat-Passw0rd!' };

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
});
