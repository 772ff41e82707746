/**
 * Staff-facing text (pairing, reconnecting, unpairing): shown in English and Traditional Chinese
 * together, since no visitor language has been chosen yet.
 */
const english = {
  title: 'Pair this kiosk',
  hint: 'Paste the device key shown in the admin console (Settings → Devices).',
  keyLabel: 'Device key',
  show: 'Show',
  hide: 'Hide',
  pair: 'Pair',
  pairing: 'Pairing…',
  wrongKey: 'This key was not accepted. Check it and try again.',
  badFormat: 'A device key starts with "dk_".',
  revoked: "This kiosk's key is no longer valid. Enter a new key.",
  network: "Can't reach the server. Check the network and try again.",
  serverError: 'The server could not answer ({status}). Try again in a moment.',
  connecting: 'Connecting…',
  offline: "Can't reach the server. Retrying…",
  retryNow: 'Retry now',
  unpair: 'Unpair',
  unpairConfirm: 'Tap again to unpair',
  settings: 'Staff settings',
  noLanguages: 'This device has no languages configured.',
};

export type PairingKey = keyof typeof english;

const chinese: Record<PairingKey, string> = {
  title: '配對此裝置',
  hint: '請貼上管理控制台中的裝置金鑰（設定 → 裝置）。',
  keyLabel: '裝置金鑰',
  show: '顯示',
  hide: '隱藏',
  pair: '配對',
  pairing: '配對中…',
  wrongKey: '金鑰不正確，請檢查後再試。',
  badFormat: '裝置金鑰以「dk_」開頭。',
  revoked: '此裝置的金鑰已失效，請輸入新的金鑰。',
  network: '無法連接伺服器，請檢查網絡後再試。',
  serverError: '伺服器暫時無法回應（{status}），請稍後再試。',
  connecting: '連線中…',
  offline: '無法連接伺服器，正在重試…',
  retryNow: '立即重試',
  unpair: '解除配對',
  unpairConfirm: '再按一次以解除配對',
  settings: '職員設定',
  noLanguages: '此裝置尚未設定任何語言。',
};

export const PAIRING_STRINGS = { english, chinese };
