export * from './peer-link';
