/** Told after every change of a device's topics, so the matcher and the answer data catch up. */
export interface AiChangeListener {
  /** Topics changed (created, edited, keywords added...); without ids, anything may have. */
  changed(deviceId: number, topicIds?: number[]): void;
  /** The device's A.I. settings changed (nothing the matcher learns from). */
  settingsChanged?(deviceId: number): void;
}
