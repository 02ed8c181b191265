/**
 * Loads the screen's route data again when the signed-in agent's role changes while it is open
 * (an admin made someone an admin or an agent): an admin-only loader answered for the old role.
 */
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { useConsoleState } from "./console-context";

export function useRoleRevalidation(): void {
  const role = useConsoleState((s) => s.me.role);
  const { revalidate } = useRevalidator();
  const loadedFor = useRef(role);
  useEffect(() => {
    if (role === loadedFor.current) return;
    loadedFor.current = role;
    void revalidate();
  }, [role, revalidate]);
}
