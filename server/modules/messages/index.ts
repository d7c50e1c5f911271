/** Public surface of the messages module (the job room's threads): its service and router, and the pure masking. */
export { createMessagesService, type MessagesService, type MessagesServiceDeps } from './messages.service';
export { createMessagesRouter } from './messages.routes';
export { maskContactDetails, type MaskedText } from './messages.masking';
