export * from './customer.js';
