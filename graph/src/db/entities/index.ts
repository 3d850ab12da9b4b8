export { Part } from "./part.entity";
export { Product } from "./product.entity";
export { Order, OrderStatus } from "./order.entity";
export { Review } from "./review.entity";
export { User, Role } from "./user.entity";
export { Profile } from "./profile.entity";
export { NewsletterSubscription } from "./newsletter-subscription.entity";
