// The local mail capture: an SMTP listener storing mails in Postgres, and the
// developer API the gateway mounts in local mode.
export { startMailCapture } from './mail-capture.mjs';
export {
  createMailCaptureApi,
  registerMailCaptureRoutes,
  MailCaptureQueryError,
} from './mail-capture-api.mjs';
