import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';

export const sesNotificationMessages = {
  invalidSignature: 'The notification signature could not be verified',
  certificateUrl: 'The signing certificate URL is not an SNS address',
} as const;

/**
 * An Amazon SNS HTTP(S) message as SNS posts it (JSON in a text/plain body). Fields are checked
 * by the signature; only their presence and type are checked here.
 */
export const snsMessageSchema = z.object({
  Type: z.enum(['SubscriptionConfirmation', 'Notification', 'UnsubscribeConfirmation']),
  MessageId: z.string().min(1).max(200),
  Token: z.string().max(2000).optional(),
  TopicArn: z.string().min(1).max(500),
  Subject: z.string().max(500).optional(),
  Message: z.string().max(200_000),
  Timestamp: z.string().min(1).max(100),
  SignatureVersion: z.enum(['1', '2']),
  Signature: z.string().min(1).max(4000),
  SigningCertURL: z.string().min(1).max(2000),
  SubscribeURL: z.string().max(2000).optional(),
  UnsubscribeURL: z.string().max(2000).optional(),
});
export type SnsMessage = z.infer<typeof snsMessageSchema>;

/**
 * The SES event inside a Notification: from identity notifications (`notificationType`) or a
 * configuration set's event destination (`eventType`). Unknown fields are kept out.
 */
export const sesEventSchema = z.object({
  notificationType: z.string().optional(),
  eventType: z.string().optional(),
  mail: z.object({
    messageId: z.string(),
    headers: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
  }),
  bounce: z
    .object({
      bounceType: z.string(),
      bounceSubType: z.string().optional(),
      bouncedRecipients: z.array(
        z.object({ emailAddress: z.string(), diagnosticCode: z.string().optional() }),
      ),
    })
    .optional(),
  complaint: z
    .object({
      complainedRecipients: z.array(z.object({ emailAddress: z.string() })),
      complaintFeedbackType: z.string().optional(),
    })
    .optional(),
  delivery: z.object({ recipients: z.array(z.string()).optional() }).optional(),
});
export type SesEvent = z.infer<typeof sesEventSchema>;

/**
 * SES delivery, bounce and complaint notifications over SNS (public: the SNS signature is the
 * proof). 403 for a message whose signature or certificate URL does not check out.
 */
export const sesNotificationContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/webhooks/ses',
  access: 'public',
  request: snsMessageSchema,
  response: z.object({ success: z.literal(true) }),
});
