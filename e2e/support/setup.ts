import { inject } from 'vitest';
import { useDataTemplate } from './server.js';

// Every suite's servers start on a copy of the run's migrated database (support/global-setup.ts).
useDataTemplate(inject('e2eDataTemplate'));
