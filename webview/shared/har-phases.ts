// Phase colours of the waterfall (DevTools' palette), shared by the panel and the report.
import type { Phase } from '../../src/analysis/har/model';

export const PHASE_COLORS: Record<Phase, string> = {
  blocked: '#a8a8a8',
  dns: '#1f9e89',
  connect: '#e8830c',
  ssl: '#b05fd6',
  send: '#2f7fd6',
  wait: '#2ea043',
  receive: '#3c8ff0',
};

export const PHASE_LABELS: Record<Phase, string> = {
  blocked: 'Blocked', dns: 'DNS', connect: 'Connect', ssl: 'SSL/TLS', send: 'Send', wait: 'Wait (TTFB)', receive: 'Receive',
};
