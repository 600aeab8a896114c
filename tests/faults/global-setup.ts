// One private PostgreSQL cluster for the whole fault suite (initdb once); each file makes its own
// database and app instances on it and may stop, restart or cut it off.
import type { TestProject } from "vitest/node";
import { attachCluster, createCluster, type ClusterInfo } from "../helpers/pg-cluster.ts";

export default async function setup(project: TestProject) {
  const info = await createCluster();
  project.provide("pgCluster", info);
  return () => attachCluster(info).destroy();
}

declare module "vitest" {
  export interface ProvidedContext {
    pgCluster: ClusterInfo;
  }
}
