import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { MSG } from '../../../domain';
import type { FormError } from './use-queued-submit';

/** A domain schema (zod or zod/mini) whose parsed output is `O`. */
export type DomainSchema<O> = { _zod: { output: O } };

/** What a step's form holds: every typed field of its schema as text (numbers, dates and codes are typed as text). */
export type FormText<T, K extends keyof T = keyof T> = { [P in K]-?: string };

export type StepFormOptions<V extends FieldValues, O> = {
  /** The step's domain schema: the same one the server's route declares (a function: made at each check, for today's date). */
  schema: DomainSchema<O> | (() => DomainSchema<O>);
  defaultValues: V;
  /** What the schema checks: the typed values with what the phone adds (its files, geo tags, the borrower's gender). */
  input?: (values: V) => Promise<Record<string, unknown>> | Record<string, unknown>;
};

/**
 * The one form of a step: react-hook-form with `zodResolver` over the domain schema, checked on
 * submit only (the kit shows the first message and moves the focus itself), its parsed output
 * typed from the schema (`z.infer`).
 */
export function useStepForm<V extends FieldValues, O>({
  schema,
  defaultValues,
  input,
}: StepFormOptions<V, O>): UseFormReturn<V, unknown, O> {
  const latest = useRef({ schema, input });
  latest.current = { schema, input };
  const resolver = useRef<Resolver<V, unknown, O>>(null);
  resolver.current ??= async (values, context, options) => {
    const { schema, input } = latest.current;
    // zodResolver's overloads name zod's classic types; a zod/mini schema is the same at run time.
    const check = zodResolver((typeof schema === 'function' ? schema() : schema) as never) as unknown as Resolver<
      Record<string, unknown>,
      unknown,
      O
    >;
    return check((await input?.(values)) ?? values, context, options as never) as never;
  };
  return useForm<V, unknown, O>({
    defaultValues: defaultValues as DefaultValues<V>,
    resolver: resolver.current,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // The kit moves the focus after a refusal (useShowFirstError), not the library.
    shouldFocusError: false,
  });
}

/** The first message of the resolver's answer (its errors come in the schema's order: spec 01 §5) and its field. */
export function firstFormError(errors: FieldErrors): FormError {
  const walk = (node: unknown, field: string | undefined): FormError | null => {
    if (!node || typeof node !== 'object') return null;
    const message = (node as { message?: unknown }).message;
    if (typeof message === 'string') return { message, field };
    for (const [key, child] of Object.entries(node)) {
      if (key === 'ref') continue;
      const found = walk(child, field ?? key);
      if (found) return found;
    }
    return null;
  };
  return walk(errors, undefined) ?? { message: MSG.somethingWentWrong };
}

export type StepCheck<O> = { ok: true; data: O } | { ok: false; error: FormError };

/** The form checked by its resolver (the domain schema): the parsed data, or the first message and its field. */
export function checkStepForm<V extends FieldValues, O>(form: UseFormReturn<V, unknown, O>): Promise<StepCheck<O>> {
  return new Promise((resolve) => {
    void form.handleSubmit(
      (data) => resolve({ ok: true, data }),
      (errors) => resolve({ ok: false, error: firstFormError(errors) }),
    )();
  });
}
