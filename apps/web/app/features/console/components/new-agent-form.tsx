/**
 * Adding an agent, for admins: name, e-mail, role and a first password, checked as the server
 * checks them; the server's refusals show on the fields they concern.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import {
  agentPasswordRules,
  createAgentBodySchema,
  type AgentAccount,
  type AgentAccountAnswer as AgentAnswer,
  type CreateAgentBody,
} from "@hourline/contracts/console";
import { UserPlus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { controlProps, FormField, inputClass } from "~/components/ui/form-field";
import type { AgentsSubmission } from "../route-data/agents";
import { applyFieldErrors } from "./form-errors";
import { ProblemMessage } from "./problem-message";
import { useConsoleSubmit } from "./use-console-submit";

const FORM = "new-agent";

export function NewAgentForm({ onCreated }: { onCreated: (agent: AgentAccount) => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CreateAgentBody>({
    resolver: zodResolver(createAgentBodySchema),
    defaultValues: { email: "", name: "", role: "agent", password: "" },
  });

  const { submit, pending } = useConsoleSubmit<AgentAnswer>();
  const add = handleSubmit((values) => {
    const create: AgentsSubmission = { intent: "create", agent: values };
    setProblem(null);
    submit(create, (outcome) => {
      if (!outcome.ok) {
        if (!applyFieldErrors(outcome, ["email", "name", "role", "password"], setError)) {
          setProblem(outcome.message);
        }
        return;
      }
      reset();
      onCreated(outcome.data.agent);
    });
  });

  return (
    <section aria-labelledby="new-agent-title" className="card h-fit p-5">
      <h2 id="new-agent-title" className="text-lg font-bold text-ink">
        Add an agent
      </h2>
      <ProblemMessage text={problem} />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void add(e);
        }}
        className="mt-4 space-y-4"
      >
        <FormField
          scope={FORM}
          name="name"
          label="Name"
          hint="Shown to visitors beside this agent's replies."
          error={errors.name?.message}
        >
          <input
            {...controlProps(FORM, "name", { hint: true, invalid: errors.name })}
            autoComplete="off"
            {...register("name")}
            className={inputClass}
          />
        </FormField>
        <FormField scope={FORM} name="email" label="E-mail" error={errors.email?.message}>
          <input
            {...controlProps(FORM, "email", { invalid: errors.email })}
            type="email"
            autoComplete="off"
            {...register("email")}
            className={inputClass}
          />
        </FormField>
        <FormField
          scope={FORM}
          name="role"
          label="Role"
          hint="Agents answer chats and messages; admins also manage agents."
          error={errors.role?.message}
        >
          {/* Short options: the form's column is narrow, and a select cannot wrap its text. */}
          <select
            {...controlProps(FORM, "role", { hint: true, invalid: errors.role })}
            {...register("role")}
            className={`${inputClass} w-full min-w-0`}
          >
            <option value="agent">Agent</option>
            <option value="admin">Admin</option>
          </select>
        </FormField>
        <FormField
          scope={FORM}
          name="password"
          label="Password"
          hint={`At least ${agentPasswordRules.minLength} characters. Give it to them in person or by phone.`}
          error={errors.password?.message}
        >
          <input
            {...controlProps(FORM, "password", { hint: true, invalid: errors.password })}
            type="password"
            autoComplete="new-password"
            {...register("password")}
            className={inputClass}
          />
        </FormField>
        <button type="submit" className="btn btn-primary" aria-disabled={pending || undefined}>
          <UserPlus aria-hidden="true" className="size-4" />
          Add agent
        </button>
      </form>
    </section>
  );
}
