import type { LoaderFunctionArgs } from "react-router";
import { useParams } from "react-router";
import { UserEditor } from "../../features/staff/users.tsx";
import { StaffPage } from "../../components/ui/page.tsx";
import { validateAreaParams } from "../../features/areas/pending-area.tsx";

export const meta = () => [{ title: "User" }];
export const handle = { header: "User List", back: "/MM/Users" };
export function loader({ params }: LoaderFunctionArgs) {
  validateAreaParams(params);
  return null;
}

export default function MmUser() {
  const { userID = "" } = useParams();
  return (
    <StaffPage title="User">
      <div className="rounded-2xl border border-line bg-white p-5">
        <UserEditor key={userID} userId={userID} />
      </div>
    </StaffPage>
  );
}
