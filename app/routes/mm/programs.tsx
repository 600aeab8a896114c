import { MmProgramsPage } from "../../features/mm/programs-page.tsx";

export const meta = () => [{ title: "Standing programs" }];

export default function MmPrograms() {
  return <MmProgramsPage />;
}
