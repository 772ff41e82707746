import type { AnyModule } from '../core/module.js';
import { aiModule } from './ai/index.js';
import { assistantModule } from './assistant/index.js';
import { auditModule } from './audit/index.js';
import { authModule } from './auth/index.js';
import { avatarsModule } from './avatars/index.js';
import { callsModule } from './calls/index.js';
import { chatModule } from './chat/index.js';
import { conversationsModule } from './conversations/index.js';
import { dashboardModule } from './dashboard/index.js';
import { deviceApiModule } from './device-api/index.js';
import { devicesModule } from './devices/index.js';
import { directoryModule } from './directory/index.js';
import { eventsModule } from './events/index.js';
import { interfaceModule } from './interface/index.js';
import { locationsModule } from './locations/index.js';
import { metricsModule } from './metrics/index.js';
import { mrcModule } from './mrc/index.js';
import { pushModule } from './push/index.js';
import { retentionModule } from './retention/index.js';
import { searchModule } from './search/index.js';
import { smallTalkModule } from './small-talk/index.js';
import { undoModule } from './undo/index.js';
import { usersModule } from './users/index.js';

/**
 * Every area of the server, built in this order: a module may `use` only those above it (building
 * one out of order fails at once, naming both). Adding an area is one line here.
 */
export const MODULES: readonly AnyModule[] = [
  authModule,
  undoModule,
  auditModule,
  devicesModule,
  usersModule,
  aiModule,
  smallTalkModule,
  callsModule,
  locationsModule,
  mrcModule,
  assistantModule,
  interfaceModule,
  directoryModule,
  eventsModule,
  avatarsModule,
  chatModule,
  pushModule,
  deviceApiModule,
  conversationsModule,
  dashboardModule,
  retentionModule,
  searchModule,
  metricsModule,
];
