// Given names and surnames of many cultures, for synthetic customers who are on no list.
// Written for these benchmarks; common names on purpose, since common names are what make
// screening noisy.

export const CULTURES: Record<string, { given: string[]; family: string[] }> = {
  english: {
    given: ['James', 'Oliver', 'Harry', 'Jack', 'George', 'Emily', 'Olivia', 'Amelia', 'Sophie', 'Grace', 'Thomas', 'William', 'Charlotte', 'Lucy', 'Daniel', 'Matthew', 'Hannah', 'Chloe', 'Samuel', 'Joseph'],
    family: ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Robinson', 'Wright', 'Thompson', 'Evans', 'Walker', 'White', 'Roberts', 'Green', 'Hall', 'Wood', 'Jackson', 'Clarke'],
  },
  spanish: {
    given: ['Alejandro', 'Pablo', 'Javier', 'Sergio', 'Lucia', 'Paula', 'Carmen', 'Marta', 'Raul', 'Diego', 'Elena', 'Laura', 'Andres', 'Ines', 'Ricardo', 'Beatriz', 'Gonzalo', 'Nuria'],
    family: ['Garcia', 'Fernandez', 'Gonzalez', 'Rodriguez', 'Lopez', 'Martinez', 'Sanchez', 'Perez', 'Gomez', 'Martin', 'Jimenez', 'Ruiz', 'Hernandez', 'Diaz', 'Moreno', 'Alvarez', 'Romero', 'Navarro'],
  },
  portuguese: {
    given: ['Joao', 'Tiago', 'Rafael', 'Goncalo', 'Beatriz', 'Mariana', 'Leonor', 'Matilde', 'Duarte', 'Rodrigo', 'Carolina', 'Ines', 'Afonso', 'Vasco'],
    family: ['Silva', 'Santos', 'Ferreira', 'Pereira', 'Oliveira', 'Costa', 'Rodrigues', 'Martins', 'Sousa', 'Fernandes', 'Goncalves', 'Gomes', 'Lopes', 'Marques', 'Almeida', 'Ribeiro'],
  },
  french: {
    given: ['Louis', 'Gabriel', 'Arthur', 'Jules', 'Camille', 'Manon', 'Chloe', 'Lea', 'Hugo', 'Theo', 'Juliette', 'Margaux', 'Antoine', 'Mathilde', 'Etienne', 'Clement'],
    family: ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent', 'Lefebvre', 'Michel', 'Fournier', 'Girard', 'Bonnet', 'Mercier'],
  },
  german: {
    given: ['Lukas', 'Leon', 'Finn', 'Jonas', 'Felix', 'Anna', 'Lena', 'Lea', 'Hannah', 'Mia', 'Tobias', 'Katharina', 'Stefan', 'Sabine', 'Jurgen', 'Ursula', 'Dieter', 'Monika'],
    family: ['Muller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Koch', 'Richter', 'Klein', 'Wolf', 'Schroder', 'Neumann', 'Braun', 'Zimmermann'],
  },
  italian: {
    given: ['Lorenzo', 'Francesco', 'Alessandro', 'Leonardo', 'Giulia', 'Sofia', 'Aurora', 'Chiara', 'Matteo', 'Andrea', 'Federica', 'Giovanni', 'Paola', 'Stefano', 'Elisa', 'Davide'],
    family: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti', 'De Luca', 'Mancini', 'Costa', 'Giordano', 'Rizzo'],
  },
  polish: {
    given: ['Jakub', 'Kacper', 'Szymon', 'Filip', 'Zuzanna', 'Julia', 'Maja', 'Zofia', 'Piotr', 'Krzysztof', 'Agnieszka', 'Malgorzata', 'Tomasz', 'Katarzyna', 'Marcin', 'Ewa'],
    family: ['Nowak', 'Kowalski', 'Wisniewski', 'Wojcik', 'Kowalczyk', 'Kaminski', 'Lewandowski', 'Zielinski', 'Szymanski', 'Wozniak', 'Dabrowski', 'Kozlowski', 'Jankowski', 'Mazur', 'Kwiatkowski', 'Krawczyk'],
  },
  russian: {
    given: ['Aleksandr', 'Dmitry', 'Maksim', 'Sergey', 'Andrey', 'Anastasia', 'Maria', 'Daria', 'Yekaterina', 'Tatiana', 'Nikolai', 'Pavel', 'Svetlana', 'Irina', 'Mikhail', 'Natalia', 'Konstantin', 'Yulia'],
    family: ['Ivanov', 'Smirnov', 'Kuznetsov', 'Popov', 'Vasiliev', 'Sokolov', 'Mikhailov', 'Novikov', 'Fedorov', 'Morozov', 'Volkov', 'Alekseev', 'Lebedev', 'Semenov', 'Egorov', 'Pavlov', 'Kozlov', 'Stepanov'],
  },
  arabic: {
    given: ['Mohammed', 'Ahmed', 'Ali', 'Omar', 'Youssef', 'Khaled', 'Hassan', 'Fatima', 'Aisha', 'Mariam', 'Layla', 'Nour', 'Ibrahim', 'Mustafa', 'Salma', 'Hana', 'Tariq', 'Rania', 'Karim', 'Samira'],
    family: ['Al-Amin', 'Haddad', 'Nasser', 'Saleh', 'Mansour', 'Khalil', 'Hamdan', 'Aziz', 'Farouk', 'Suleiman', 'Rahman', 'Habib', 'Darwish', 'Qasim', 'Barakat', 'Jaber', 'Shams', 'Othman'],
  },
  persian: {
    given: ['Reza', 'Amir', 'Mehdi', 'Hossein', 'Zahra', 'Maryam', 'Fatemeh', 'Sara', 'Parisa', 'Arash', 'Babak', 'Shirin', 'Navid', 'Leila', 'Kaveh', 'Niloufar'],
    family: ['Mohammadi', 'Hosseini', 'Ahmadi', 'Rezaei', 'Moradi', 'Karimi', 'Jafari', 'Sadeghi', 'Heidari', 'Ghorbani', 'Mahmoudi', 'Kazemi', 'Rostami', 'Shahbazi', 'Ebrahimi', 'Nouri'],
  },
  turkish: {
    given: ['Mehmet', 'Mustafa', 'Ahmet', 'Emre', 'Burak', 'Zeynep', 'Elif', 'Ayse', 'Fatma', 'Merve', 'Can', 'Deniz', 'Serkan', 'Ozlem', 'Hakan', 'Gizem'],
    family: ['Yilmaz', 'Kaya', 'Demir', 'Sahin', 'Celik', 'Yildiz', 'Yildirim', 'Ozturk', 'Aydin', 'Ozdemir', 'Arslan', 'Dogan', 'Kilic', 'Aslan', 'Cetin', 'Kara'],
  },
  indian: {
    given: ['Aarav', 'Vivaan', 'Aditya', 'Arjun', 'Rahul', 'Priya', 'Ananya', 'Diya', 'Kavya', 'Sneha', 'Rohan', 'Vikram', 'Pooja', 'Neha', 'Sanjay', 'Deepak', 'Lakshmi', 'Suresh'],
    family: ['Sharma', 'Verma', 'Gupta', 'Patel', 'Singh', 'Kumar', 'Reddy', 'Nair', 'Iyer', 'Mehta', 'Joshi', 'Desai', 'Chopra', 'Malhotra', 'Agarwal', 'Bhat', 'Rao', 'Pillai'],
  },
  chinese: {
    given: ['Wei', 'Fang', 'Min', 'Jing', 'Lei', 'Yan', 'Hui', 'Xiu Ying', 'Jian Guo', 'Li Na', 'Hao', 'Yu', 'Xin', 'Ming', 'Tao', 'Jun'],
    family: ['Wang', 'Li', 'Zhang', 'Liu', 'Chen', 'Yang', 'Huang', 'Zhao', 'Wu', 'Zhou', 'Xu', 'Sun', 'Ma', 'Zhu', 'Hu', 'Guo', 'He', 'Lin'],
  },
  japanese: {
    given: ['Haruto', 'Sota', 'Yuto', 'Riku', 'Yui', 'Hina', 'Sakura', 'Aoi', 'Kenji', 'Takeshi', 'Yuki', 'Naoko', 'Hiroshi', 'Akiko', 'Daiki', 'Emi'],
    family: ['Sato', 'Suzuki', 'Takahashi', 'Tanaka', 'Watanabe', 'Ito', 'Yamamoto', 'Nakamura', 'Kobayashi', 'Kato', 'Yoshida', 'Yamada', 'Sasaki', 'Yamaguchi', 'Matsumoto', 'Inoue'],
  },
  korean: {
    given: ['Min-jun', 'Seo-yeon', 'Ji-hoon', 'Ha-eun', 'Do-yun', 'Ji-woo', 'Hyun-woo', 'Soo-jin', 'Jae-won', 'Eun-ji', 'Sung-min', 'Yeon-woo'],
    family: ['Kim', 'Lee', 'Park', 'Choi', 'Jung', 'Kang', 'Cho', 'Yoon', 'Jang', 'Lim', 'Han', 'Oh', 'Seo', 'Shin'],
  },
  vietnamese: {
    given: ['Anh', 'Minh', 'Huy', 'Khanh', 'Linh', 'Trang', 'Thao', 'Phuong', 'Duc', 'Quang', 'Lan', 'Hoa', 'Tuan', 'Ngoc'],
    family: ['Nguyen', 'Tran', 'Le', 'Pham', 'Hoang', 'Phan', 'Vu', 'Dang', 'Bui', 'Do', 'Ho', 'Ngo', 'Duong', 'Ly'],
  },
  nigerian: {
    given: ['Chinedu', 'Emeka', 'Oluwaseun', 'Babatunde', 'Ngozi', 'Chioma', 'Funmilayo', 'Adaeze', 'Tunde', 'Yetunde', 'Ifeanyi', 'Kelechi', 'Bisi', 'Obinna'],
    family: ['Okafor', 'Adeyemi', 'Okonkwo', 'Balogun', 'Eze', 'Nwosu', 'Adebayo', 'Olawale', 'Chukwu', 'Ogunleye', 'Afolabi', 'Nnamdi', 'Oyelaran', 'Uche'],
  },
  swahili: {
    given: ['Baraka', 'Juma', 'Neema', 'Amani', 'Zawadi', 'Imani', 'Rehema', 'Tumaini', 'Hamisi', 'Mwajuma', 'Faraji', 'Subira'],
    family: ['Mwangi', 'Otieno', 'Kamau', 'Wanjiru', 'Ochieng', 'Njoroge', 'Kiprono', 'Mutua', 'Onyango', 'Wambui', 'Kariuki', 'Chege'],
  },
  greek: {
    given: ['Georgios', 'Dimitrios', 'Konstantinos', 'Ioannis', 'Maria', 'Eleni', 'Katerina', 'Vasiliki', 'Nikolaos', 'Sofia', 'Panagiotis', 'Despina'],
    family: ['Papadopoulos', 'Pappas', 'Georgiou', 'Oikonomou', 'Vlachos', 'Angelopoulos', 'Nikolaidis', 'Dimitriou', 'Karagiannis', 'Christodoulou', 'Alexiou', 'Makris'],
  },
  nordic: {
    given: ['Lars', 'Erik', 'Anders', 'Magnus', 'Ingrid', 'Astrid', 'Freja', 'Sigrid', 'Nils', 'Johan', 'Karin', 'Elin', 'Henrik', 'Solveig'],
    family: ['Hansen', 'Johansson', 'Andersson', 'Nielsen', 'Larsen', 'Karlsson', 'Olsen', 'Pedersen', 'Lindqvist', 'Berg', 'Haugen', 'Virtanen', 'Korhonen', 'Jensen'],
  },
  hebrew: {
    given: ['Noam', 'Itai', 'Yonatan', 'Avraham', 'Tamar', 'Noa', 'Shira', 'Yael', 'Eitan', 'Moshe', 'Rivka', 'Dalia', 'Ariel', 'Oren'],
    family: ['Cohen', 'Levi', 'Mizrahi', 'Peretz', 'Biton', 'Dahan', 'Avraham', 'Friedman', 'Azoulay', 'Katz', 'Shapiro', 'Ben-David', 'Golan', 'Ohayon'],
  },
  filipino: {
    given: ['Jose', 'Juan', 'Mark', 'John Paul', 'Maricel', 'Rosalie', 'Angelica', 'Jerome', 'Arnel', 'Lorna', 'Rodel', 'Jennylyn'],
    family: ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Ocampo', 'Garcia', 'Mendoza', 'Torres', 'Tomas', 'Andrada', 'Castillo', 'Villanueva', 'Ramos', 'Aquino'],
  },
  indonesian: {
    given: ['Budi', 'Agus', 'Dewi', 'Siti', 'Rizky', 'Putri', 'Wahyu', 'Indah', 'Bambang', 'Sri', 'Eko', 'Ratna'],
    family: ['Santoso', 'Wijaya', 'Setiawan', 'Saputra', 'Hidayat', 'Kurniawan', 'Pratama', 'Susanto', 'Halim', 'Gunawan', 'Nugroho', 'Hartono'],
  },
};

/** All cultures' names, for picking a culture at random. */
export const CULTURE_NAMES = Object.keys(CULTURES);
