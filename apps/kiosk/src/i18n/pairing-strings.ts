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
  settings: 'Staff settings',
  staffHint: 'Type the staff PIN of this device to unpair it. The device key stays valid.',
  pinLabel: 'Staff PIN',
  unpair: 'Unpair this kiosk',
  unpairing: 'Unpairing…',
  cancel: 'Cancel',
  wrongPin: 'Wrong PIN.',
  noPin:
    'This device has no staff PIN. Set one in the admin console (Settings → Devices), or make a new key there.',
  pinLocked: 'Too many wrong PINs. Try again in 15 minutes.',
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
  settings: '職員設定',
  staffHint: '請輸入此裝置的職員 PIN 碼以解除配對。裝置金鑰仍然有效。',
  pinLabel: '職員 PIN 碼',
  unpair: '解除此服務機的配對',
  unpairing: '解除配對中…',
  cancel: '取消',
  wrongPin: 'PIN 碼錯誤。',
  noPin: '此裝置未設定職員 PIN 碼。請在管理控制台（設定 → 裝置）設定，或在該處產生新金鑰。',
  pinLocked: 'PIN 碼錯誤次數過多，請 15 分鐘後再試。',
  noLanguages: '此裝置尚未設定任何語言。',
};

export const PAIRING_STRINGS = { english, chinese };
