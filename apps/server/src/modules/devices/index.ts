// What other modules use of devices: the types of an authenticated device and of the service.
export type { DeviceContext, DevicesService } from './service.js';
