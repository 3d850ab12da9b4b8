import { lazy, type ComponentType } from "react";
import { Route, Routes } from "react-router-dom";
import { Layout } from "./ui/Layout";
import { HomePage } from "./routes/home/HomePage";
import { NotFoundPage } from "./routes/notFound/NotFoundPage";
import { RequireAuth } from "./routes/guards/RequireAuth";
import { RequireAdmin } from "./routes/guards/RequireAdmin";

/** React.lazy for a named export: every route but home is fetched when first opened. */
function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const LoginPage = lazyPage(() => import("./routes/auth/LoginPage"), "LoginPage");
const RegisterPage = lazyPage(() => import("./routes/auth/RegisterPage"), "RegisterPage");
const BlogsPage = lazyPage(() => import("./routes/blogs/BlogsPage"), "BlogsPage");
const PortfolioPage = lazyPage(() => import("./routes/portfolio/PortfolioPage"), "PortfolioPage");
const ReservePage = lazyPage(() => import("./routes/parts/ReservePage"), "ReservePage");
const DashboardLayout = lazyPage(() => import("./routes/dashboard/DashboardLayout"), "DashboardLayout");
const ProfilePage = lazyPage(() => import("./routes/dashboard/ProfilePage"), "ProfilePage");
const MyOrdersPage = lazyPage(() => import("./routes/dashboard/MyOrdersPage"), "MyOrdersPage");
const AddReviewPage = lazyPage(() => import("./routes/dashboard/AddReviewPage"), "AddReviewPage");
const PaymentPage = lazyPage(() => import("./routes/dashboard/payment/PaymentPage"), "PaymentPage");
const AllUsersPage = lazyPage(() => import("./routes/dashboard/admin/AllUsersPage"), "AllUsersPage");
const ManageAllOrdersPage = lazyPage(() => import("./routes/dashboard/admin/ManageAllOrdersPage"), "ManageAllOrdersPage");
const AddProductPage = lazyPage(() => import("./routes/dashboard/admin/AddProductPage"), "AddProductPage");
const ManageProductsPage = lazyPage(() => import("./routes/dashboard/admin/ManageProductsPage"), "ManageProductsPage");

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route
          path="parts/:partsId"
          element={
            <RequireAuth>
              <ReservePage />
            </RequireAuth>
          }
        />
        <Route
          path="dashboard"
          element={
            <RequireAuth>
              <DashboardLayout />
            </RequireAuth>
          }
        >
          <Route index element={<ProfilePage />} />
          <Route path="my_orders" element={<MyOrdersPage />} />
          <Route path="add_review" element={<AddReviewPage />} />
          <Route path="payment/:id" element={<PaymentPage />} />
          <Route path="all_users" element={<RequireAdmin><AllUsersPage /></RequireAdmin>} />
          <Route path="manage_all_orders" element={<RequireAdmin><ManageAllOrdersPage /></RequireAdmin>} />
          <Route path="add_product" element={<RequireAdmin><AddProductPage /></RequireAdmin>} />
          <Route path="manage_product" element={<RequireAdmin><ManageProductsPage /></RequireAdmin>} />
        </Route>
        <Route path="blogs" element={<BlogsPage />} />
        <Route path="portfolio" element={<PortfolioPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
