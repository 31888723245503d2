import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CharCount } from '@/components/ui/char-count';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { apiErrorMessage } from '@/lib/api-client';
import { sendFeatureUse } from '@/lib/page-views';
import { useSendContactMessage } from '../api/send-contact-message';
import { CONTACT_LIMITS, CONTACT_TOASTS, contactFormSchema, EMPTY_CONTACT_FORM, type ContactFormValues } from '../lib/contact-form';

/**
 * The Get in Touch form (PRODUCT.md sections 4, 5 and 8): idle, then sending (button 'Sending...', disabled), then idle.
 * A sent message clears the form; a failed one keeps it so nothing typed is lost. Missing required fields give
 * one toast instead of field messages, as PRODUCT.md section 5 says.
 */
export function ContactForm() {
  const form = useForm<ContactFormValues>({ resolver: zodResolver(contactFormSchema), defaultValues: EMPTY_CONTACT_FORM });
  const { trigger, isMutating } = useSendContactMessage();

  const [subject, message] = useWatch({ control: form.control, name: ['subject', 'message'] });

  const onValid = async (values: ContactFormValues) => {
    try {
      await trigger(values);
      form.reset(EMPTY_CONTACT_FORM);
      sendFeatureUse('contact');
      toast(CONTACT_TOASTS.sent);
    } catch (error) {
      toast({ ...CONTACT_TOASTS.failed, description: apiErrorMessage(error, CONTACT_TOASTS.failed.description), variant: 'destructive' });
    }
  };
  const onInvalid = () => toast({ ...CONTACT_TOASTS.missing, variant: 'destructive' });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">
          <h2>Get in Touch</h2>
        </CardTitle>
        <CardDescription>Send us a message and we'll get back to you soon. Fields marked * are required.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={form.handleSubmit(onValid, onInvalid)} className="space-y-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor="contact-name">Name <span aria-hidden="true">*</span></Label>
              <Input id="contact-name" autoComplete="name" aria-required="true" placeholder="Your name" maxLength={CONTACT_LIMITS.name} {...form.register('name')} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="contact-email">Email <span aria-hidden="true">*</span></Label>
              {/* type=email: the browser checks the format; emptiness is this form's own check (no `required`). */}
              <Input id="contact-email" type="email" autoComplete="email" aria-required="true" placeholder="you@example.com" maxLength={CONTACT_LIMITS.email} {...form.register('email')} />
            </div>
          </div>
          <div className="space-y-2">
            <Label htmlFor="contact-subject">Subject</Label>
            <Input id="contact-subject" placeholder="What is this about? (optional)" maxLength={CONTACT_LIMITS.subject} aria-describedby="contact-subject-count" {...form.register('subject')} />
            <CharCount id="contact-subject-count" length={(subject ?? '').length} max={CONTACT_LIMITS.subject} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="contact-message">Message <span aria-hidden="true">*</span></Label>
            <Textarea id="contact-message" rows={6} aria-required="true" placeholder="How can we help?" maxLength={CONTACT_LIMITS.message} aria-describedby="contact-message-count" {...form.register('message')} />
            <CharCount id="contact-message-count" length={(message ?? '').length} max={CONTACT_LIMITS.message} />
          </div>
          <Button type="submit" disabled={isMutating} className="w-full sm:w-auto">
            <Send aria-hidden="true" />
            {isMutating ? 'Sending...' : 'Send Message'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
