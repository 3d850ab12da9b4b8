export { Part } from "./catalogue/part.entity";
export { LaptopModel } from "./catalogue/laptop-model.entity";
export { PartCompatibility } from "./catalogue/part-compatibility.entity";
export { Product } from "./catalogue/product.entity";
export { Review } from "./catalogue/review.entity";
export { Order, OrderStatus } from "./orders/order.entity";
export { User, Role } from "./accounts/user.entity";
export { Profile } from "./accounts/profile.entity";
export { NewsletterSubscription } from "./accounts/newsletter-subscription.entity";
